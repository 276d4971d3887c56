package chat_test

import (
	"testing"
)

// Two people holding one link each have their own conversation: neither reads
// the other's questions, and neither can open the other's session by its id.
func TestChat_EachVisitorOfALinkHasTheirOwnConversation(t *testing.T) {
	w := newWorld(t, nil)
	token := w.shareLink(t, 0)
	ann, ben := w.srv.NewClient(t), w.srv.NewClient(t)
	const annKey, benKey = "ann-browser-key-0123456789", "ben-browser-key-9876543210"
	annS := data[session](t, ann.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token+"&visitor="+annKey, nil))
	benS := data[session](t, ben.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token+"&visitor="+benKey, nil))
	linkS := data[session](t, ben.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token, nil))
	if annS.ID == benS.ID || annS.ID == linkS.ID || benS.ID == linkS.ID {
		t.Fatalf("visitors share a session: ann %s ben %s link %s", annS.ID, benS.ID, linkS.ID)
	}
	again := data[session](t, ann.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token+"&visitor="+annKey, nil))
	if again.ID != annS.ID {
		t.Fatalf("ann's second visit got a new session %s, want %s", again.ID, annS.ID)
	}

	q := askShared(weeklyID, "Who is hiring?", annS.ID, token)
	q["visitorId"] = annKey
	ann.MustOK("POST", "/api/v1/chat/message/shared", q)
	if msgs := data[[]message](t, ann.MustOK("GET", "/api/v1/chat/session/"+annS.ID+"/messages/shared?token="+token+"&visitor="+annKey, nil)); len(msgs) != 2 {
		t.Fatalf("ann's history = %d messages, want her question and its answer", len(msgs))
	}
	for name, path := range map[string]string{
		"ben, by ann's session id":     "/api/v1/chat/session/" + annS.ID + "/messages/shared?token=" + token + "&visitor=" + benKey,
		"no visitor, by ann's session": "/api/v1/chat/session/" + annS.ID + "/messages/shared?token=" + token,
	} {
		if r := ben.Do("GET", path, nil); r.Status != 404 {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	q = askShared(weeklyID, "What did ann ask?", annS.ID, token)
	q["visitorId"] = benKey
	if r := ben.Do("POST", "/api/v1/chat/message/shared", q); r.Status != 404 {
		t.Errorf("ben sending into ann's session: %d %s", r.Status, r.Body)
	}
	if msgs := data[[]message](t, ben.MustOK("GET", "/api/v1/chat/session/"+benS.ID+"/messages/shared?token="+token+"&visitor="+benKey, nil)); len(msgs) != 0 {
		t.Fatalf("ben reads %d messages in his own conversation, want none", len(msgs))
	}
	if r := ben.Do("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token+"&visitor=short", nil); r.Status != 400 {
		t.Errorf("a malformed visitor key: %d %s", r.Status, r.Body)
	}
}
