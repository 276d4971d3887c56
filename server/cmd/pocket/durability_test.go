package main

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func upload(url, token, id string) (int, error) {
	body := map[string]any{"recording": map[string]any{
		"id": id, "title": "Burst " + id, "recordingAt": "2026-11-01T10:00:00Z", "duration": 60,
	}, "summarizations": map[string]any{"s-" + id: map[string]any{"v2Summary": "## Notes\nsaved"}}}
	status, _, err := send("POST", url+"/api/v1/recordings", token, body)
	return status, err
}

func detailStatus(t *testing.T, p *process, token, id string) int {
	status, raw, err := send("GET", p.url+"/api/v1/recordings/"+id+"?include=all", token, nil)
	if err != nil {
		t.Fatal(err)
	}
	if status == 200 && !strings.Contains(string(raw), "Burst "+id) {
		t.Fatalf("recording %s came back wrong: %s", id, raw)
	}
	return status
}

func TestServe_DataSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	token := p.signIn("keeper@example.com")
	if status, err := upload(p.url, token, "kept-1"); err != nil || status/100 != 2 {
		t.Fatalf("upload = %d %v", status, err)
	}
	p.stop()

	p2 := startServe(t, dir)
	if status := detailStatus(t, p2, token, "kept-1"); status != 200 {
		t.Fatalf("after restart the recording answers %d (the ID token must stay valid too)", status)
	}
}

// A burst of uploads is interrupted by SIGTERM: every upload the server
// acknowledged must be there after a restart.
func TestServe_SIGTERMDuringAWriteBurstLosesNoAcknowledgedWrite(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	token := p.signIn("burst@example.com")

	var acked sync.Map
	var count atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				id := fmt.Sprintf("burst-%d-%d", w, i)
				if status, err := upload(p.url, token, id); err == nil && status/100 == 2 {
					acked.Store(id, true)
					count.Add(1)
				} else if err != nil {
					return // the server has closed its listener
				}
			}
		}(w)
	}
	for count.Load() < 40 {
		time.Sleep(5 * time.Millisecond)
	}
	p.stop()
	close(stop)
	wg.Wait()

	p2 := startServe(t, dir)
	missing := 0
	acked.Range(func(k, _ any) bool {
		if detailStatus(t, p2, token, k.(string)) != 200 {
			missing++
		}
		return true
	})
	if missing > 0 {
		t.Fatalf("%d of %d acknowledged uploads were lost", missing, count.Load())
	}
	t.Logf("%d acknowledged uploads all survived", count.Load())
}

func TestImport_FixturesIntoADataDirectory(t *testing.T) {
	dir := t.TempDir()
	out, err := exec.Command(binary, "import", "--user", "importer@example.com", "--data-dir", dir, "../../../fixtures/recordings").CombinedOutput()
	if err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "0 failed") || !strings.Contains(string(out), "importer@example.com") {
		t.Fatalf("import said:\n%s", out)
	}
	p := startServe(t, dir)
	token := p.signIn("importer@example.com")
	status, raw, err := send("GET", p.url+"/api/v1/recordings/dashboard?limit=100", token, nil)
	if err != nil || status != 200 || !strings.Contains(string(raw), "rec_07_lecture_elasticity") {
		t.Fatalf("dashboard after import = %d %.300s %v", status, raw, err)
	}
	p.stop()
	out, err = exec.Command(binary, "import", "--data-dir", dir, "/does/not/exist").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no such file") {
		t.Fatalf("a missing path must fail clearly: %s", out)
	}
}
