package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The image cannot be built on the test machines (no Docker engine), so the
// parts of the Dockerfile that drift silently are checked here: the Go image
// must be the toolchain go.mod asks for, and the build context must leave out
// what would bloat it or leak local data into an image.
func TestDockerfile_BuildsWithTheGoVersionOfGoMod(t *testing.T) {
	gomod := readRepoFile(t, "go.mod")
	want := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(gomod)
	if want == nil {
		t.Fatal("go.mod has no go directive")
	}
	dockerfile := readRepoFile(t, "Dockerfile")
	got := regexp.MustCompile(`(?m)^FROM golang:(\S+?)-\S+ AS server$`).FindStringSubmatch(dockerfile)
	if got == nil || got[1] != want[1] {
		t.Fatalf("Dockerfile builds with golang:%v, go.mod asks for go %s", got, want[1])
	}
	for _, must := range []string{"CGO_ENABLED=0", "-trimpath", "USER 65532", `HEALTHCHECK`, `"/pocket", "healthcheck"`} {
		if !strings.Contains(dockerfile, must) {
			t.Errorf("Dockerfile lacks %q", must)
		}
	}
}

func TestDockerignore_KeepsLocalStateOutOfTheImage(t *testing.T) {
	lines := strings.Fields(readRepoFile(t, ".dockerignore"))
	for _, must := range []string{"**/node_modules", "data", "bin", ".git", "server/web/dist/app", ".env", "e2e/test-results"} {
		found := false
		for _, l := range lines {
			found = found || l == must
		}
		if !found {
			t.Errorf(".dockerignore lacks %q", must)
		}
	}
}

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../../" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
