package gate

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// IdempotencyTTL is how long a first answer is remembered (decisions.md §1).
const IdempotencyTTL = 24 * time.Hour

// DefaultMaxIdempotency bounds an Idempotency store.
const DefaultMaxIdempotency = 4096

// Saved is the first answer to a request with an Idempotency-Key.
type Saved struct {
	Fingerprint string
	Status      int
	Header      api.Header
	Body        []byte
	At          time.Time

	pending bool // claimed by Begin, not yet saved
}

// Fingerprint identifies a request for Idempotency-Key purposes: method,
// path and the exact body bytes (a retry resends the same bytes).
func Fingerprint(method, path string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(method))
	h.Write([]byte{0})
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

type idemKey struct{ token, key string }

// Idempotency remembers the first status and body of each (token name,
// Idempotency-Key) for 24 hours, so a Core that restarts never runs an Action
// twice. It is bounded: when full it forgets expired entries, then the
// oldest. Keys are per token, so one caller cannot read another's answers.
// It is safe for concurrent use; the caller still serialises a request's
// Lookup, run and Save (the simulator holds its own lock across them).
type Idempotency struct {
	mu    sync.Mutex
	max   int
	saved map[idemKey]Saved
	order []idemKey
}

// NewIdempotency makes a store of at most max entries (DefaultMaxIdempotency when max <= 0).
func NewIdempotency(max int) *Idempotency {
	if max <= 0 {
		max = DefaultMaxIdempotency
	}
	return &Idempotency{max: max, saved: map[idemKey]Saved{}}
}

// PendingTTL is how long Begin holds a key for a request still being
// answered; after it, the request is taken as abandoned (a handler that
// failed before Save) and the key is free again.
const PendingTTL = time.Minute

// Begin is Lookup that also claims the key: with nothing saved it records
// the request as in progress and returns ok false, and the caller runs the
// request and calls Save. A repeat arriving meanwhile is 409 conflict (it
// must not run the Action a second time). A repeat after Save gets the
// first answer, as with Lookup.
func (s *Idempotency) Begin(token, key, fingerprint string, now time.Time) (Saved, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := idemKey{token, key}
	v, ok := s.saved[k]
	if ok && v.pending && now.Sub(v.At) < PendingTTL {
		return Saved{}, false, api.NewProblem(409, api.CodeConflict, "A request with this Idempotency-Key is still being answered.")
	}
	if ok && !v.pending && now.Sub(v.At) < IdempotencyTTL {
		if v.Fingerprint != fingerprint {
			return Saved{}, false, api.NewProblem(409, api.CodeConflict, "This Idempotency-Key was used for a different request in the last 24 hours.")
		}
		return v, true, nil
	}
	if ok {
		delete(s.saved, k)
		s.pruneLocked(now)
	}
	s.insertLocked(k, Saved{Fingerprint: fingerprint, At: now, pending: true}, now)
	return Saved{}, false, nil
}

// Lookup returns the saved first answer for (token, key) at now. A key
// reused within 24 hours for a different request (another fingerprint) is
// 409 conflict. ok is false when there is nothing saved.
func (s *Idempotency) Lookup(token, key, fingerprint string, now time.Time) (Saved, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.saved[idemKey{token, key}]
	if !ok || v.pending || now.Sub(v.At) >= IdempotencyTTL {
		return Saved{}, false, nil
	}
	if v.Fingerprint != fingerprint {
		return Saved{}, false, api.NewProblem(409, api.CodeConflict, "This Idempotency-Key was used for a different request in the last 24 hours.")
	}
	return v, true, nil
}

// Save records the first answer for (token, key). A second Save for a live
// key keeps the first answer.
func (s *Idempotency) Save(token, key string, v Saved) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := idemKey{token, key}
	v.pending = false
	if old, ok := s.saved[k]; ok {
		if !old.pending && v.At.Sub(old.At) < IdempotencyTTL {
			return
		}
		delete(s.saved, k) // expired or in progress: saved afresh, as the newest
		s.pruneLocked(v.At)
	}
	s.insertLocked(k, v, v.At)
}

// Abandon frees a key claimed by Begin when the request ended without an
// answer worth repeating; a saved answer is kept.
func (s *Idempotency) Abandon(token, key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := idemKey{token, key}
	if v, ok := s.saved[k]; ok && v.pending {
		delete(s.saved, k)
		s.pruneLocked(v.At)
	}
}

func (s *Idempotency) insertLocked(k idemKey, v Saved, now time.Time) {
	if len(s.saved) >= s.max {
		s.pruneLocked(now)
	}
	for len(s.saved) >= s.max && len(s.order) > 0 {
		delete(s.saved, s.order[0])
		s.order = s.order[1:]
	}
	s.order = append(s.order, k)
	s.saved[k] = v
}

// pruneLocked drops every entry older than the TTL at now.
func (s *Idempotency) pruneLocked(now time.Time) {
	kept := s.order[:0]
	for _, k := range s.order {
		v, ok := s.saved[k]
		if !ok || now.Sub(v.At) >= IdempotencyTTL || (v.pending && now.Sub(v.At) >= PendingTTL) {
			delete(s.saved, k)
			continue
		}
		kept = append(kept, k)
	}
	s.order = kept
}

// Len is the number of entries held.
func (s *Idempotency) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.saved)
}
