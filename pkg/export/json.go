package export

import (
	"bytes"
	"encoding/json"
)

// JSON is an import object (recordings.Service.ImportObject) written with
// two-space indentation for people reading it. Indenting changes only the
// whitespace between tokens, never a string's content, so the file imports
// to the same recording.
func JSON(importObject []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := json.Indent(&b, importObject, "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}
