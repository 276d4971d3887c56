export interface ImportRules {
  root: string
  dirs: string[]
  shell: string
  shellImporters?: string[]
  features?: string
  compilerOptions?: Record<string, unknown>
}
export interface ImportProblems {
  cycles: string[][]
  featureCycles: string[][]
  upward: { from: string; to: string }[]
}
export declare function checkImports(rules: ImportRules): ImportProblems
export declare function describeProblems(problems: ImportProblems, shell: string): string[]
export declare const PWA: ImportRules
