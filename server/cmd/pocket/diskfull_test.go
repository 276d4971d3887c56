package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// smallDisk mounts a tmpfs of size bytes for the test and returns its path.
// It needs mount rights (root, as in CI's container); elsewhere the test is
// skipped and says why.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	return dir
}

// fill takes all but leave bytes of the filesystem at dir into one file,
// as another program filling the disk would; removing it gives space back.
func fill(t *testing.T, dir string, leave int64) string {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	free := int64(st.Bavail) * st.Bsize
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if free > leave {
		if err := syscall.Fallocate(int(f.Fd()), 0, 0, free-leave); err != nil {
			t.Fatalf("fill the disk: %v", err)
		}
	}
	return path
}

// With its data directory on a full disk the server refuses writes with a
// clear 507, keeps answering reads and stays up; what it stored before is
// intact, and once space returns writes succeed again.
func TestFault_DiskFullRefusesWritesKeepsReadsAndRecovers(t *testing.T) {
	disk := smallDisk(t, "400m")
	p := startServe(t, disk)
	token := p.signIn("full@example.com")
	for _, id := range []string{"before-1", "before-2"} {
		if status, err := upload(p.url, token, id); err != nil || status != 201 {
			t.Fatalf("upload %s = %d %v", id, status, err)
		}
	}
	filler := fill(t, disk, 1<<20)

	for i := 0; i < 20; i++ {
		status, raw, err := send("POST", p.url+"/api/v1/recordings", token, map[string]any{"recording": map[string]any{
			"id": "during-" + string(rune('a'+i)), "title": strings.Repeat("a long title ", 2000), "recordingAt": "2026-11-01T10:00:00Z"}})
		if err != nil {
			t.Fatalf("upload on a full disk: %v (the process died?)\n%s", err, p.log())
		}
		if status == 201 {
			continue // the last free blocks may still take a few
		}
		if status != 507 || !strings.Contains(string(raw), "STORAGE_FULL") {
			t.Fatalf("upload on a full disk = %d %s; want 507 STORAGE_FULL", status, raw)
		}
	}
	for _, id := range []string{"before-1", "before-2"} {
		if got := detailStatus(t, p, token, id); got != 200 {
			t.Fatalf("reading %s on a full disk = %d", id, got)
		}
	}
	if status, _, err := send("GET", p.url+"/api/v1/recordings/dashboard", token, nil); err != nil || status != 200 {
		t.Fatalf("dashboard on a full disk = %d %v", status, err)
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if status, err := upload(p.url, token, "after-1"); err != nil || status != 201 {
		t.Fatalf("upload once space is back = %d %v\n%s", status, err, p.log())
	}
	p.stop()
	p = startServe(t, disk)
	for _, id := range []string{"before-1", "before-2", "after-1"} {
		if got := detailStatus(t, p, token, id); got != 200 {
			t.Fatalf("after a restart %s answers %d", id, got)
		}
	}
}
