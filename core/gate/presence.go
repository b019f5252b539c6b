package gate

import (
	"crypto/subtle"
	"fmt"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
)

// PresenceTTL is how long a presence code is good for (decisions.md §2).
const PresenceTTL = 2 * time.Minute

// MaxPresenceCodes bounds the live codes; issuing more forgets the oldest.
const MaxPresenceCodes = 4

// MaxPresenceFailures is how many wrong codes in a row end every live code:
// six digits are a million guesses, and nobody gets many of them.
const MaxPresenceFailures = 5

// Presence issues and redeems proof-of-presence codes (decisions.md §2;
// Core §4.3): the device shows a six-digit code on its own display, the
// person types it, and the device accepts each code once, within two
// minutes. Every refusal (unknown, used, late, or after too many wrong codes)
// is 403 presence-required: a person must show they are at the device
// again, whatever went wrong, and the answer does not tell a guesser which.
type Presence struct {
	mu       sync.Mutex
	clock    clock.Clock
	rand     func() uint32
	codes    []presenceCode
	failures int
}

type presenceCode struct {
	code   string
	issued time.Time
}

// NewPresence makes an issuer with clock c and randomness rand (a uniform
// 32-bit source; the device passes crypto/rand, tests a fixed sequence).
func NewPresence(c clock.Clock, rand func() uint32) *Presence {
	return &Presence{clock: c, rand: rand}
}

// Issue makes a new six-digit code and returns it (the device shows it).
func (p *Presence) Issue() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	// Rejection sampling keeps every code equally likely.
	const n = 1000000
	limit := uint32((1<<32)/n) * n
	r := p.rand()
	for r >= limit {
		r = p.rand()
	}
	code := fmt.Sprintf("%06d", r%n)
	if len(p.codes) >= MaxPresenceCodes {
		p.codes = p.codes[1:]
	}
	p.codes = append(p.codes, presenceCode{code: code, issued: p.clock.Now()})
	return code
}

// Redeem accepts code once if it was issued less than two minutes ago.
func (p *Presence) Redeem(code string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	found := -1
	for i, c := range p.codes {
		if subtle.ConstantTimeCompare([]byte(c.code), []byte(code)) == 1 {
			found = i
		}
	}
	if found < 0 {
		p.failures++
		if p.failures >= MaxPresenceFailures {
			p.codes, p.failures = nil, 0
		}
		return presenceRequired("That code is not valid. Ask the device for a new one.")
	}
	c := p.codes[found]
	p.codes = append(p.codes[:found:found], p.codes[found+1:]...) // once, even when late
	if age := now.Sub(c.issued); age >= PresenceTTL || age < 0 {
		return presenceRequired("That code is older than two minutes. Ask the device for a new one.")
	}
	p.failures = 0
	return nil
}

func presenceRequired(detail string) error {
	return api.NewProblem(403, api.CodePresenceRequired, detail).WithField("presence.code")
}
