package engine

// SummaryOptions say how a summary is asked for; the zero value is the
// default shape (Overview, Key points, Topics, Decisions, Next steps, Open
// questions) in the recording's own language.
type SummaryOptions struct {
	// Template, when set, gives the summary's sections: the markdown has one
	// "## " heading per section, in the template's order.
	Template *Template
	// Language is the output language as a BCP 47 tag ("en", "de", "pt-BR");
	// "" leaves it to the engine (the transcript's language). The model is
	// asked to write in it; the local engine quotes the transcript, so only
	// its fixed phrases follow it.
	Language string
}

// Template is a named, ordered list of sections a summary is written in.
type Template struct {
	ID       string
	Name     string
	Sections []TemplateSection
}

// TemplateSection is one heading of a templated summary and what belongs
// under it.
type TemplateSection struct {
	Heading     string
	Instruction string
}

// NothingFits fills a section the recording holds nothing for: engines say so
// rather than invent.
const NothingFits = "Nothing in the recording fits this section."
