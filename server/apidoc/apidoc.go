// Package apidoc serves the provider API's OpenAPI document at
// /api/openapi.json and a reference page that renders it at /api/docs.
//
// The document is written by hand in openapi.yaml (docs/adr/0008-openapi-document.md)
// and embedded; tests hold every answer the server gives to it
// (tests/apitest), so it cannot drift from what the server does.
package apidoc

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"go.uber.org/fx"
	"go.yaml.in/yaml/v4"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Source is the document as written (YAML, with comments).
//
//go:embed openapi.yaml
var Source []byte

// pages is the reference page; dist holds the Redoc bundle the web build
// copies there (tools/apidocs-bundle.mjs), absent in a Go-only build.
//
//go:embed docs.html docs.js
var pages embed.FS

//go:embed all:dist
var dist embed.FS

// Module contributes the document's and the reference page's routes.
var Module = fx.Module("apidoc",
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// JSON is the document as served: Source converted once to JSON.
func JSON() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(Source, &doc); err != nil {
		return nil, fmt.Errorf("apidoc: openapi.yaml: %w", err)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("apidoc: openapi.yaml as JSON: %w", err)
	}
	return out, nil
}

// Routes serves the document and the reference page, public and cacheable.
func Routes() ([]httpx.Route, error) {
	doc, err := JSON()
	if err != nil {
		return nil, err
	}
	script, _ := pages.ReadFile("docs.js")
	assets := map[string]asset{"docs.js": newAsset("text/javascript; charset=utf-8", script)}
	if redoc, err := dist.ReadFile("dist/redoc.standalone.js"); err == nil { // absent in a Go-only build
		assets["redoc.standalone.js"] = newAsset("text/javascript; charset=utf-8", redoc)
	}
	openapi := newAsset("application/json; charset=utf-8", doc)
	return []httpx.Route{
		{Pattern: "GET /api/openapi.json", Access: httpx.Public, Handler: func(w http.ResponseWriter, r *http.Request) error {
			w.Header().Set("Access-Control-Allow-Origin", "*") // a public description: tools on other origins may read it
			openapi.serve(w, r)
			return nil
		}},
		{Pattern: "GET /api/docs", Access: httpx.Public, Handler: referencePage},
		{Pattern: "GET /api/docs/{file}", Access: httpx.Public, Handler: func(w http.ResponseWriter, r *http.Request) error {
			a, ok := assets[r.PathValue("file")]
			if !ok {
				return apperr.New(apperr.NotFound, "NOT_FOUND", "No such file of the reference page (a Go-only build has no Redoc bundle: run `make web`)")
			}
			a.serve(w, r)
			return nil
		}},
	}, nil
}

// asset is a file served whole, with a strong ETag of its content.
type asset struct {
	contentType, etag string
	body              []byte
}

func newAsset(contentType string, body []byte) asset {
	sum := sha256.Sum256(body)
	return asset{contentType: contentType, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`, body: body}
}

// serve answers the asset, or 304 to an If-None-Match naming it.
func (a asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", "public, max-age=300")
	h.Set("ETag", a.etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
}

// pageCSP lets the page run only its own scripts; Redoc styles its parts
// with inline styles and runs its search in a worker made from a blob.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; " +
	"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

func referencePage(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Security-Policy", pageCSP)
	w.Header().Set("Cache-Control", "public, max-age=300")
	http.ServeFileFS(w, r, pages, "docs.html")
	return nil
}
