package apitest

import (
	"bytes"
	"fmt"
	"mime"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/pocket-companion/pocket/server/apidoc"
)

// bodySchemas validates JSON bodies with each of the document's schemas
// compiled once (JSON Schema 2020-12, the document's dialect). kin-openapi
// compiles a schema again for every value it checks, a few milliseconds an
// exchange; it still routes, and checks statuses, parameters and headers.
type bodySchemas struct {
	mu       sync.Mutex
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

const docURL = "openapi.json"

var schemas = sync.OnceValues(func() (*bodySchemas, error) {
	raw, err := apidoc.JSON()
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat() // date-time and the like are checked, as kin-openapi checks them
	if err := c.AddResource(docURL, doc); err != nil {
		return nil, err
	}
	return &bodySchemas{compiler: c, compiled: map[string]*jsonschema.Schema{}}, nil
})

// validate checks body against the schema at pointer (a JSON pointer into the document).
func (b *bodySchemas) validate(pointer string, body []byte) error {
	sch, err := b.schema(pointer)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("the body is not JSON: %w", err)
	}
	return sch.Validate(v)
}

func (b *bodySchemas) schema(pointer string) (*jsonschema.Schema, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if sch, ok := b.compiled[pointer]; ok {
		return sch, nil
	}
	sch, err := b.compiler.Compile(docURL + "#" + (&url.URL{Fragment: pointer}).EscapedFragment())
	if err != nil {
		return nil, fmt.Errorf("server/apidoc/openapi.yaml, schema %s: %w", pointer, err)
	}
	b.compiled[pointer] = sch
	return sch, nil
}

// requestSchema is the pointer to the JSON schema of route's request body
// of contentType, "" when the operation declares none for it.
func requestSchema(route *routers.Route, contentType string) string {
	rb := route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		return ""
	}
	base := operationPointer(route) + "/requestBody"
	if rb.Ref != "" {
		base = strings.TrimPrefix(rb.Ref, "#")
	}
	return mediaSchema(base, rb.Value.Content, contentType)
}

// responseSchema is the pointer to the JSON schema of route's answer with
// status and contentType, "" when the document declares none.
func responseSchema(route *routers.Route, status int, contentType string) string {
	code := strconv.Itoa(status)
	r := route.Operation.Responses.Value(code)
	if r == nil || r.Value == nil {
		return ""
	}
	base := operationPointer(route) + "/responses/" + code
	if r.Ref != "" {
		base = strings.TrimPrefix(r.Ref, "#")
	}
	return mediaSchema(base, r.Value.Content, contentType)
}

// mediaSchema finds contentType's entry as kin-openapi does (exact, then
// type/*, then */*) and answers its schema's pointer, for JSON types only.
func mediaSchema(base string, content openapi3.Content, contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || !isJSON(mt) {
		return ""
	}
	kind, _, _ := strings.Cut(mt, "/")
	for _, key := range []string{mt, kind + "/*", "*/*"} {
		if m, ok := content[key]; ok && m != nil && m.Schema != nil {
			return base + "/content/" + escape(key) + "/schema"
		}
	}
	return ""
}

func operationPointer(route *routers.Route) string {
	return "/paths/" + escape(route.Path) + "/" + strings.ToLower(route.Method)
}

func isJSON(mediaType string) bool {
	return mediaType == "application/json" || strings.HasSuffix(mediaType, "+json")
}

// escape is a JSON pointer's token for s (RFC 6901).
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
