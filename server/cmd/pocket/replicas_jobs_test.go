//go:build postgres

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// summaryJobs is where the store keeps the summary jobs (pkg/jobs).
const summaryJobs = "job/summary/"

// TestReplicas_SummaryJobsOfAKilledReplicaAreFinishedByTheOther uploads
// recordings without a summary through one replica, SIGKILLs it while it
// holds summary jobs (their leases in the store name it), and expects the
// other replica to make each of those summaries once the leases (1 s here,
// POCKET_SUMMARY_LEASE) run out: no job left, every recording with exactly
// one summary, the dead replica's among those the other logged as ready.
func TestReplicas_SummaryJobsOfAKilledReplicaAreFinishedByTheOther(t *testing.T) {
	pg := startPostgres(t)
	const lease = "POCKET_SUMMARY_LEASE=1s"
	other := pg.replica(lease)
	j := &jobRun{t: t, pg: pg, note: fixtureWithoutSummary(t), env: lease}
	j.token = other.signIn("jobs@example.com")
	rounds, orphaned := max(1, faultRounds(t)/10), 0
	for round := range rounds {
		orphans := j.killHoldingJobs(round)
		for deadline := time.Now().Add(30 * time.Second); len(pg.rows(summaryJobs)) > 0; time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("summary jobs left 30 s after the kill: %d; the surviving replica's log:\n%s", len(pg.rows(summaryJobs)), other.log())
			}
		}
		for _, id := range j.ids {
			if n := summarizations(t, other, j.token, id); n != 1 {
				t.Fatalf("%s has %d summarizations; want 1", id, n)
			}
		}
		for id := range orphans {
			if !regexp.MustCompile(`"msg":"summary ready".*"recording":"` + id + `"`).MatchString(other.log()) {
				t.Fatalf("the dead replica's job %s was not finished by the other replica; its log:\n%s", id, other.log())
			}
		}
		orphaned += len(orphans)
	}
	t.Logf("%d kills; %d recordings summarised once each; the killed replica held %d jobs, finished by the other", rounds, len(j.ids), orphaned)
}

// jobRun is a replica that dies while making summaries.
type jobRun struct {
	t     *testing.T
	pg    *cluster
	note  func(id string) map[string]any
	env   string
	token string
	ids   []string // every recording uploaded
}

// killHoldingJobs starts a replica, uploads recordings without a summary
// through it and SIGKILLs it as soon as it holds a summary job; it returns
// the jobs it held unfinished when it died (tried again in a later burst when
// there were none: it may finish them between the look and the kill).
func (j *jobRun) killHoldingJobs(round int) map[string]bool {
	for burst := range 5 {
		p := j.pg.replica(j.env)
		worker := workerOf(j.t, p)
		uploaded := make(chan []string)
		go func() {
			var ids []string
			for i := range 40 {
				id := fmt.Sprintf("job-%d-%d-%d", round, burst, i)
				if status, _, err := send("POST", p.url+"/api/v1/recordings", j.token, j.note(id)); err != nil || status != 201 {
					break // the replica is gone
				}
				ids = append(ids, id)
			}
			uploaded <- ids
		}()
		for deadline := time.Now().Add(20 * time.Second); len(heldBy(j.t, j.pg, worker)) == 0; {
			if time.Now().After(deadline) {
				j.t.Fatalf("the replica took no summary job within 20 s; its log:\n%s", p.log())
			}
		}
		_ = p.cmd.Process.Kill()
		<-p.done
		j.ids = append(j.ids, <-uploaded...)
		if orphans := heldBy(j.t, j.pg, worker); len(orphans) > 0 {
			return orphans
		}
	}
	j.t.Fatal("in 5 bursts the replica never died holding a summary job")
	return nil
}

// fixtureWithoutSummary is a sample recording with a transcript and no
// summarization (the local engine summarises it), under a given id.
func fixtureWithoutSummary(t *testing.T) func(id string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "fixtures", "recordings", "08-voice-note-birthday-ideas.json"))
	if err != nil {
		t.Fatal(err)
	}
	return func(id string) map[string]any {
		var obj map[string]any
		if err := json.Unmarshal(raw, &obj); err != nil {
			t.Error(err)
		}
		obj["recording"].(map[string]any)["id"] = id
		obj["summarizations"] = map[string]any{}
		return obj
	}
}

// workerOf reads the name a replica's summary leases carry from its log.
func workerOf(t *testing.T, p *process) string {
	t.Helper()
	pattern := regexp.MustCompile(`"msg":"taking summary jobs".*?"worker":"([^"]+)"`)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := pattern.FindStringSubmatch(p.log()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no worker name in the log:\n%s", p.log())
	return ""
}

// heldBy is the recordings whose summary job worker holds under a lease
// still running.
func heldBy(t *testing.T, pg *cluster, worker string) map[string]bool {
	t.Helper()
	held := map[string]bool{}
	now := time.Now().UnixMilli()
	for k, v := range pg.rows(summaryJobs) {
		var h struct {
			Worker string
			Until  int64
		}
		if err := json.Unmarshal(v, &h); err != nil {
			t.Fatalf("job %s: %v", k, err)
		}
		if h.Worker == worker && h.Until > now {
			held[k[strings.LastIndexByte(k, '/')+1:]] = true
		}
	}
	return held
}

func summarizations(t *testing.T, p *process, token, id string) int {
	t.Helper()
	status, raw, err := send("GET", p.url+"/api/v1/recordings/"+id+"?include=all", token, nil)
	var d struct {
		Data struct{ Summarizations map[string]json.RawMessage }
	}
	if err != nil || status != 200 || json.Unmarshal(raw, &d) != nil {
		t.Fatalf("%s = %d %.300s %v", id, status, raw, err)
	}
	return len(d.Data.Summarizations)
}
