package fixturegen

// Word lists are small on purpose: enough variety to make search and grouping
// meaningful in benchmarks, small enough that the output stays recognisable.

var firstNames = []string{
	"Priya", "Daniel", "Sofia", "Tom", "Aisha", "Leo", "Hannah", "Marcus", "Nora", "Ben",
	"Mei", "Rahul", "Elena", "Omar", "Grace", "Jamie", "Kenji", "Lena", "Claire", "Vikram",
	"Isabel", "Tariq", "Rosa", "Jordan", "Anita", "Felix", "Zoe", "Malik", "Ingrid", "Pedro",
}

var lastNames = []string{
	"Raman", "Okafor", "Martinez", "Becker", "Khan", "Park", "Cho", "Lee", "Lindqvist", "Ortiz",
	"Lin", "Mehta", "Rossi", "Haddad", "Adeyemi", "Watanabe", "Fischer", "Nguyen", "Shah", "Delgado",
}

var folders = []string{"General", "General", "General", "Work", "Work", "Interviews", "Personal", "Lectures"}

var kinds = []string{
	"Sync", "Review", "Planning", "Kickoff", "Retro", "Check-in", "Workshop", "Standup", "Deep Dive", "Debrief",
}

var adjectives = []string{
	"Weekly", "Quarterly", "Monthly", "Quick", "Final", "Early", "Team", "Cross-team", "Follow-up", "Annual",
}

// topic groups the vocabulary of one conversation so a generated transcript
// reads as being about something, and its summary and mind map can match it.
type topic struct {
	Name    string
	Nouns   []string
	Verbs   []string
	Metrics []string
}

var topics = []topic{
	{"Budget", []string{"forecast", "cloud bill", "headcount plan", "travel budget", "vendor contract", "license renewal"},
		[]string{"cut", "approve", "review", "reforecast", "freeze", "reallocate"}, []string{"spend", "run rate", "margin"}},
	{"Hiring", []string{"job description", "interview loop", "offer", "salary band", "referral", "scorecard"},
		[]string{"post", "schedule", "calibrate", "extend", "update", "close"}, []string{"pipeline", "acceptance rate", "time to hire"}},
	{"Launch", []string{"release", "landing page", "press note", "beta group", "changelog", "feature flag"},
		[]string{"ship", "announce", "test", "delay", "roll out", "polish"}, []string{"sign-ups", "activation", "conversion"}},
	{"Onboarding", []string{"checklist", "welcome email", "empty state", "tour", "setup wizard", "sample invoice"},
		[]string{"simplify", "measure", "redesign", "shorten", "localise", "experiment with"}, []string{"completion", "activation", "drop-off"}},
	{"Infrastructure", []string{"database", "queue", "staging cluster", "backup job", "alert", "cache"},
		[]string{"migrate", "resize", "monitor", "patch", "automate", "retire"}, []string{"latency", "error rate", "uptime"}},
	{"Customer", []string{"renewal", "support ticket", "invoice template", "integration", "pilot account", "feedback call"},
		[]string{"escalate", "follow up on", "discount", "fix", "document", "prioritise"}, []string{"churn", "satisfaction", "response time"}},
	{"Research", []string{"interview guide", "survey", "prototype", "usability session", "persona", "insight deck"},
		[]string{"recruit for", "synthesise", "share", "test", "revise", "present"}, []string{"task success", "confidence", "sample size"}},
	{"Marketing", []string{"campaign", "newsletter", "webinar", "case study", "ad budget", "podcast sponsorship"},
		[]string{"draft", "launch", "target", "measure", "pause", "expand"}, []string{"click-through", "leads", "cost per lead"}},
}

var days = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}

// Sentence templates. Verbs: %[1]s noun, %[2]s verb, %[3]s metric, %[4]s name, %[5]s day, %[6]d number.
var statements = []string{
	"I think we should %[2]s the %[1]s before %[5]s.",
	"The %[3]s moved by about %[6]d percent since the last time we looked at it.",
	"%[4]s already started on the %[1]s, so we are not starting from zero.",
	"Last week the %[1]s took almost %[6]d hours, which is more than we planned.",
	"If we %[2]s the %[1]s now, the %[3]s should improve by the end of the month.",
	"My concern is that nobody owns the %[1]s at the moment.",
	"We agreed that %[4]s will %[2]s the %[1]s and report back on %[5]s.",
	"The data from the last %[6]d days says the %[3]s is stable, which is good news.",
	"Let's keep the scope small and only %[2]s the %[1]s for now.",
	"Honestly, the %[1]s is the part that worries me most.",
	"We tried that in the spring and the %[3]s went down, so I would be careful.",
	"I can take the %[1]s, but I need help from %[4]s on the details.",
	"That makes sense to me, and it matches what customers told us.",
	"So the plan is to %[2]s the %[1]s first and look at the %[3]s after that.",
	"We should write this down, otherwise we will have the same discussion again in %[6]d days.",
}

var questions = []string{
	"Can we %[2]s the %[1]s by %[5]s?",
	"What happens to the %[3]s if we %[2]s the %[1]s?",
	"Who is the right person to %[2]s the %[1]s, %[4]s maybe?",
	"Do we have numbers on the %[3]s for the last %[6]d days?",
	"Is the %[1]s really the priority this month?",
}

var fillers = []string{
	"Okay.", "Right.", "Sounds good.", "Makes sense.", "Good point.", "Yes, exactly.", "Let me think about that.",
}
