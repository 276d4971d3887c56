package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// committed is where the PWA serves the files from (repository-relative).
const committed = "../../pwa/public/animations"

// The committed .riv files are build outputs checked in so the PWA build
// needs no Go: they must be exactly what the generator writes now.
func TestCommittedAnimations_MatchTheGenerator(t *testing.T) {
	want, err := files()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range designs {
		name := d.name + ".riv"
		got, err := os.ReadFile(filepath.Join(committed, name))
		if err != nil {
			t.Fatalf("%s: %v (run `go run ./tools/rivegen -out pwa/public/animations`)", name, err)
		}
		if !bytes.Equal(got, want[name]) {
			t.Errorf("%s is stale: run `go run ./tools/rivegen -out pwa/public/animations` and commit the result", name)
		}
	}
}

func TestRun_WritesBothFiles(t *testing.T) {
	dir := t.TempDir()
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	want, _ := files()
	for _, name := range []string{"no_summarise.riv", "no_action.riv"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want[name]) {
			t.Errorf("%s: wrote %d bytes, err %v", name, len(got), err)
		}
	}
}

// The PWA (pwa/src/app/empty-state/animation.ts) plays "State Machine 1" on a
// 300×300 artboard named after the file.
func TestDesigns_HaveTheArtboardAndStateMachineThePWAExpects(t *testing.T) {
	all, err := files()
	if err != nil {
		t.Fatal(err)
	}
	machine := append([]byte{15}, "State Machine 1"...) // length-prefixed, as on the wire
	for _, d := range designs {
		a := d.build()
		if a.Width != 300 || a.Height != 300 || a.Name != d.name {
			t.Errorf("%s: artboard %q is %v×%v", d.name, a.Name, a.Width, a.Height)
		}
		if !bytes.Contains(all[d.name+".riv"], machine) {
			t.Errorf("%s.riv has no state machine named %q", d.name, "State Machine 1")
		}
	}
}
