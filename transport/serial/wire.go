package serial

import (
	"encoding/json"
	"strings"

	"github.com/heart-core/heart-web/core/api"
)

// Payloads are the JSON of api.Request, api.Response and api.Event as
// encoding/json writes them: bodies and event data ([]byte) are base64
// strings, so any bytes travel unchanged and a payload is always UTF-8.

// EventsPath is the request that opens a subscription, as over HTTP.
const EventsPath = "/heart/v1/events"

// ContentTypeEventStream is how a handler says "authorised, stream events".
const ContentTypeEventStream = "text/event-stream"

// isEventStream says whether the handler authorised a subscription: a GET
// answered 200 with content-type text/event-stream, or with the header
// "Heart-Stream: events" that the simulator sets (its body is JSON for
// in-process callers). The same rule as httpx, so both transports agree.
func isEventStream(req *api.Request, resp *api.Response) bool {
	return req.Method == "GET" && resp.Status == 200 &&
		(strings.HasPrefix(strings.ToLower(resp.Header.Get("content-type")), ContentTypeEventStream) ||
			strings.EqualFold(resp.Header.Get("heart-stream"), "events"))
}

func marshalJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Request, Response and Event always marshal.
		panic(err)
	}
	return b
}
