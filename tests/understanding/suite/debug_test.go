package suite

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core/api"
)

// TestDebugServe prints the Core's full answers to HEART_DEBUG_TEXTS
// (separated by "|"), for a person looking into a failing case.
func TestDebugServe(t *testing.T) {
	texts := os.Getenv("HEART_DEBUG_TEXTS")
	if texts == "" {
		t.Skip("set HEART_DEBUG_TEXTS")
	}
	d := NewDemo(0)
	for _, text := range strings.Split(texts, "|") {
		_ = d.Runner.Reset(context.Background())
		req := api.NewRequest("POST", "/heart/v1/serve", []byte(`{"text":`+quoteJSON(text)+`}`))
		req.Header.Set("Authorization", "Bearer demo-owner")
		resp := d.Core.Serve(context.Background(), req)
		t.Logf("%q -> %d %s", text, resp.Status, resp.Body)
	}
}

func quoteJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}
