package templates

// builtins are the templates every user has. Their headings name the kind of
// section the local engine fills (pkg/engine/local/sections.go), and the
// instructions tell a model what belongs there. Their ids never change: a
// folder or a summary version names one by it.
var builtins = []Template{
	{ID: "general", Name: "General", Builtin: true, Sections: []Section{
		{"Overview", "Who talked, about what, for how long."},
		{"Key points", "The points that matter most, each with who said it."},
		{"Decisions", "What was settled or agreed."},
		{"Action items", "Who takes on what, and by when if said."},
		{"Open questions", "Questions left without an answer."},
	}},
	{ID: "meeting", Name: "Meeting", Builtin: true, Sections: []Section{
		{"Overview", "The meeting's purpose and who took part."},
		{"Agenda", "The topics in the order they came up."},
		{"Decisions", "What the meeting decided or agreed."},
		{"Action items", "Tasks with their owner and due date."},
		{"Open questions", "What is still to be answered or decided."},
	}},
	{ID: "lecture", Name: "Lecture", Builtin: true, Sections: []Section{
		{"Overview", "The lecture's subject and who gave it."},
		{"Topics covered", "The lecture's parts in order."},
		{"Key concepts", "Terms and ideas defined or explained, with their definitions."},
		{"Examples", "Examples used to illustrate the ideas."},
		{"Questions from the audience", "Questions asked and the answers given."},
	}},
	{ID: "interview", Name: "Interview", Builtin: true, Sections: []Section{
		{"Overview", "Who interviewed whom, for what."},
		{"Participants", "The interviewer and the interviewee."},
		{"Questions and answers", "Each question asked and the answer given."},
		{"Concerns", "Doubts, risks or weak spots that came up."},
		{"Next steps", "What happens after the interview, and who does it."},
	}},
	{ID: "one-on-one", Name: "One-on-one", Builtin: true, Sections: []Section{
		{"Overview", "Who met and what they talked about."},
		{"Updates", "Progress and news each person shared."},
		{"Feedback", "Praise and suggestions for improvement given."},
		{"Blockers", "What is in the way, and worries raised."},
		{"Action items", "What each person takes on."},
	}},
	{ID: "call", Name: "Call", Builtin: true, Sections: []Section{
		{"Overview", "Who called whom, and why."},
		{"Participants", "The people on the call."},
		{"Key points", "What was said that matters."},
		{"Decisions", "What was agreed on the call."},
		{"Follow-ups", "What each side will do after the call."},
	}},
}

// Builtins lists the built-in templates in their fixed order.
func Builtins() []Template {
	out := make([]Template, len(builtins))
	for i, t := range builtins {
		out[i] = t.clone()
	}
	return out
}

// builtin finds a built-in template by id.
func builtin(id string) (Template, bool) {
	for _, t := range builtins {
		if t.ID == id {
			return t.clone(), true
		}
	}
	return Template{}, false
}
