package brain

import (
	"fmt"
	"time"
)

// The module's operations a person must confirm (Request.Operation).
const (
	OpRestore = "postBrainRestore"
	OpAuto    = "putBrainAuto"
)

// Request is a change to the brain module asked for through /serve,
// waiting for the owner. The Core cannot make it for them: /serve acts for
// a person only once a person confirms (§6.2), and these operations are the
// Core's, so no device Action can hold them. The owner confirms by making
// the call themselves (the owner's UI does); that call clears the request.
// There is at most one per operation, and each lapses with the approval
// timeout, so the list is bounded.
type Request struct {
	ID         string         `json:"id"`
	Operation  string         `json:"operation"`
	Arguments  map[string]any `json:"arguments,omitempty"`
	OnBehalfOf string         `json:"onBehalfOf"`
	At         time.Time      `json:"at"`
	ExpiresAt  time.Time      `json:"expiresAt"`
}

// Hold records a request for op made on behalf of a caller; a newer one
// for the same operation replaces the older.
func (b *Brain) Hold(op string, args map[string]any, onBehalfOf string, now time.Time) Request {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.observe(now)
	b.dropRequestLocked(op)
	b.nextID++
	r := Request{ID: fmt.Sprintf("brain-request-%d", b.nextID), Operation: op, Arguments: args, OnBehalfOf: onBehalfOf, At: now, ExpiresAt: now.Add(b.limits.ApprovalTimeout)}
	b.requests = append(b.requests, r)
	return r
}

func (b *Brain) dropRequestLocked(op string) {
	kept := b.requests[:0]
	for _, r := range b.requests {
		if r.Operation != op {
			kept = append(kept, r)
		}
	}
	b.requests = kept
}

// liveRequestsLocked drops the requests that lapsed and returns a copy of
// the rest.
func (b *Brain) liveRequestsLocked(now time.Time) []Request {
	kept := b.requests[:0]
	for _, r := range b.requests {
		if now.Before(r.ExpiresAt) {
			kept = append(kept, r)
		}
	}
	b.requests = kept
	return append([]Request{}, kept...)
}
