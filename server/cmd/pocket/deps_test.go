package main

import (
	"go/build"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/pocket-companion/pocket"

// testOnly names what must never be compiled into the product binary: the test
// kits under tests/ (a sign-in issuer that signs in anyone, a server harness),
// the developer tools under tools/, and the test libraries they use.
var testOnly = []string{
	module + "/tests",
	module + "/tools",
	"github.com/oauth2-proxy/mockoidc",
	"github.com/axllent/mailpit",
	"github.com/asticode",            // the subtitle parser that checks exports in tests
	"github.com/nats-io/nats-server", // the broker runs beside pocket, never inside it
	"github.com/getkin/kin-openapi",  // the tests' check of the API against its document (tests/apitest)
	"github.com/santhosh-tekuri/jsonschema",
	"testing",
	"net/http/httptest",
	"go.uber.org/fx/fxtest",
}

func TestBinary_HoldsNoTestKitOrTool(t *testing.T) {
	out, err := exec.Command(goTool(t), "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list listed only %v", deps)
	}
	for _, dep := range deps {
		for _, bad := range testOnly {
			if dep == bad || strings.HasPrefix(dep, bad+"/") {
				t.Errorf("pocket depends on %s, which is test-only (%s)", dep, bad)
			}
		}
	}
}

// goTool is the go command on PATH, else the one of the Go installation.
func goTool(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	p := filepath.Join(build.Default.GOROOT, "bin", "go")
	if _, err := exec.LookPath(p); err != nil {
		t.Fatalf("no go command to list dependencies with: %v", err)
	}
	return p
}
