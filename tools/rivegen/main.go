// Command rivegen writes the empty-state animations (no_summarise.riv and
// no_action.riv) that the PWA plays with the Rive runtime. No Rive editor is
// needed: the files are built from code with package rive (tools/rivegen/rive,
// used by nothing else), and a test keeps the committed copies in
// pwa/public/animations equal to this output.
//
//	go run ./tools/rivegen -out pwa/public/animations
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pocket-companion/pocket/tools/rivegen/rive"
)

// design is one animation file: its name (without .riv) and its artboard.
type design struct {
	name  string
	build func() *rive.Artboard
}

var designs = []design{
	{"no_summarise", noSummarise},
	{"no_action", noAction},
}

// files encodes every design, keyed by file name.
func files() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, d := range designs {
		b, err := rive.Encode(d.build())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		out[d.name+".riv"] = b
	}
	return out, nil
}

func main() {
	dir := flag.String("out", "pwa/public/animations", "directory to write the .riv files into")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "rivegen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	all, err := files()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, d := range designs {
		name := d.name + ".riv"
		if err := os.WriteFile(filepath.Join(dir, name), all[name], 0o644); err != nil {
			return err
		}
		fmt.Printf("wrote %s (%d bytes)\n", filepath.Join(dir, name), len(all[name]))
	}
	return nil
}
