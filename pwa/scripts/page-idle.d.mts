export declare function settled(): Promise<void>
