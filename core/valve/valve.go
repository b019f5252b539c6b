// Package valve is the Core's Valve (decisions.md §1: the Core owns it): the
// rules of what data may leave the system and where to, the decision for
// one piece of data, and a bounded log of those decisions. Everything the
// Core sends out (to a cloud brain, through a gateway) must pass it; a
// feature of a never-share signal never does, whatever the rules say (HEART
// Core §7.2).
//
// The package is pure: no I/O, no goroutines; the clock comes in as a func.
// A Valve is safe for concurrent use. The wire shapes are the contract's
// (schemas/1.0/resources.schema.json $defs Valve, ValveRule, ValveLog,
// ValveLogEntry).
package valve

import (
	"slices"
	"sync"
	"time"
)

// Any matches every data or every destination in a rule.
const Any = "*"

// Privacy levels of data, low to high (decisions.md §2): the enum of
// ValveRule.privacy, the same as common.schema.json's privacy. They are
// written here rather than taken from core/schema so that core.wasm does
// not link the generated types; a test checks they match the schema.
const (
	Public     = "public"
	Internal   = "internal"
	Personal   = "personal"
	NeverShare = "never-share"
)

// Levels are the privacy levels, low to high.
var Levels = []string{Public, Internal, Personal, NeverShare}

// Bounds of a Valve document and of the log.
const (
	MaxRules     = 64
	MaxRuleRunes = 200
	MaxLog       = 1000
)

// Rule says whether data may go to destination. Data and Destination are
// a name or Any; Privacy, when given, limits the rule to data at that level.
type Rule struct {
	Data        string `json:"data"`
	Privacy     string `json:"privacy,omitempty"`
	Destination string `json:"destination"`
	Allow       bool   `json:"allow"`
}

// Document is the Valve as GET and PUT /heart/v1/valve carry it.
type Document struct {
	Rules []Rule `json:"rules"`
}

// Entry is one decision in the log (ValveLogEntry).
type Entry struct {
	At          time.Time `json:"at"`
	Data        string    `json:"data"`
	Destination string    `json:"destination"`
	Bytes       int       `json:"bytes"`
	Allowed     bool      `json:"allowed"`
}

// Log is the body of GET /heart/v1/valve/log (ValveLog).
type Log struct {
	Entries []Entry `json:"entries"`
}

// Default is the Valve a Core starts with: nothing leaves.
func Default() Document {
	return Document{Rules: []Rule{{Data: Any, Destination: Any, Allow: false}}}
}

// Valve holds the rules in force and the log of decisions.
type Valve struct {
	now func() time.Time

	mu    sync.Mutex
	rules []Rule
	log   []Entry // a ring of at most MaxLog entries; next is where the next one goes
	next  int
}

// New is a Valve with the Default rules; now stamps the log's entries.
func New(now func() time.Time) *Valve {
	return &Valve{now: now, rules: Default().Rules}
}

// Document returns the rules in force (a copy).
func (v *Valve) Document() Document {
	v.mu.Lock()
	defer v.mu.Unlock()
	return Document{Rules: append([]Rule{}, v.rules...)}
}

// Set replaces the rules after Validate; a document it refuses changes nothing.
func (v *Valve) Set(d Document) error {
	if err := Validate(d); err != nil {
		return err
	}
	rules := append([]Rule{}, d.Rules...)
	v.mu.Lock()
	v.rules = rules
	v.mu.Unlock()
	return nil
}

// Decide says whether data of the given privacy level may go to
// destination under the rules in force. It records nothing.
func (v *Valve) Decide(data, privacy, destination string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return decide(v.rules, data, privacy, destination)
}

// Pass decides like Decide and records the decision in the log, with the
// size of what would be sent. A module that sends data out calls Pass and
// sends only when it answers true.
func (v *Valve) Pass(data, privacy, destination string, bytes int) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	ok := decide(v.rules, data, privacy, destination)
	e := Entry{At: v.now().UTC(), Data: data, Destination: destination, Bytes: max(bytes, 0), Allowed: ok}
	if len(v.log) < MaxLog {
		v.log = append(v.log, e)
	} else {
		v.log[v.next] = e
	}
	v.next = (v.next + 1) % MaxLog
	return ok
}

// Entries returns at most limit entries of the log, newest first.
func (v *Valve) Entries(limit int) []Entry {
	v.mu.Lock()
	defer v.mu.Unlock()
	n := min(max(limit, 0), len(v.log))
	out := make([]Entry, 0, n)
	for i := 1; i <= n; i++ {
		out = append(out, v.log[(v.next-i+MaxLog)%MaxLog])
	}
	return out
}

// decide is the decision: never-share data never leaves; otherwise the
// most specific rule that matches wins (exact data before Any, then exact
// destination before Any, then a rule naming the privacy level before one
// that does not), and with no matching rule nothing leaves. Data without a
// level is internal (§7.2's default); a level that is none of Levels is
// treated as never-share. Validate refuses two rules with the same data,
// privacy and destination, so no two matching rules are equally specific.
func decide(rules []Rule, data, privacy, destination string) bool {
	if privacy == "" {
		privacy = Internal
	}
	if privacy == NeverShare || !slices.Contains(Levels, privacy) {
		return false
	}
	best, allow := -1, false
	for _, r := range rules {
		s, ok := specificity(r, data, privacy, destination)
		if ok && s > best {
			best, allow = s, r.Allow
		}
	}
	return allow
}

// specificity scores a rule that matches: exact data 4, exact destination
// 2, a named privacy level 1.
func specificity(r Rule, data, privacy, destination string) (int, bool) {
	s := 0
	switch r.Data {
	case data:
		s += 4
	case Any:
	default:
		return 0, false
	}
	switch r.Destination {
	case destination:
		s += 2
	case Any:
	default:
		return 0, false
	}
	switch r.Privacy {
	case privacy:
		s++
	case "":
	default:
		return 0, false
	}
	return s, true
}
