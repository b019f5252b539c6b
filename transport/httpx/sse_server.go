package httpx

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// streamEvents answers a subscription the handler authorised: it
// subscribes to opts.Events for as long as the client stays, writing each
// event as "event: <type>\ndata: <json>\n\n", and a comment every KeepAlive
// so proxies and the client can tell a quiet link from a dead one.
func streamEvents(w http.ResponseWriter, r *http.Request, resp *api.Response, opts Options) {
	if opts.Events == nil {
		writeResponse(w, api.NewProblem(503, api.CodeUnavailable, "This server has no events.").Response())
		return
	}
	ch, err := opts.Events.Subscribe(r.Context())
	if err != nil {
		writeResponse(w, api.NewProblem(503, api.CodeUnavailable, "Events are not available now.").Response())
		return
	}
	rc := http.NewResponseController(w)
	for k, v := range resp.Header {
		if k != "content-length" && k != "heart-stream" {
			w.Header().Set(k, v)
		}
	}
	w.Header().Set("Content-Type", ContentTypeEventStream)
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(200)
	write := func(b []byte) bool {
		// A client that stops reading cannot hold the stream forever.
		_ = rc.SetWriteDeadline(time.Now().Add(opts.WriteTimeout))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !write([]byte(": stream open\n\n")) {
		return
	}
	tick := time.NewTicker(opts.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			if !write([]byte(": keep-alive\n\n")) {
				return
			}
		case ev, ok := <-ch:
			if !ok || !write(formatEvent(ev)) {
				return
			}
		}
	}
}

// formatEvent writes one SSE event; data with line breaks becomes several
// data lines, which the client joins back with "\n".
func formatEvent(ev api.Event) []byte {
	var b bytes.Buffer
	typ := strings.NewReplacer("\r", "", "\n", "").Replace(ev.Type)
	fmt.Fprintf(&b, "event: %s\n", typ)
	data := strings.ReplaceAll(string(ev.Data), "\r\n", "\n")
	for _, line := range strings.Split(data, "\n") {
		fmt.Fprintf(&b, "data: %s\n", line)
	}
	b.WriteString("\n")
	return b.Bytes()
}
