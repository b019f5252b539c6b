package sim

import (
	"encoding/json"
	"time"

	"github.com/heart-core/heart-web/core/gate"
	"github.com/heart-core/heart-web/sim/product"
)

// Bounds of every store (the brief: every queue and store has a bound).
const (
	maxLogs      = 500
	maxRhythm    = 1000
	maxAlerts    = 200
	maxSchedules = 100
	maxMessages  = 100
	maxBackups   = 10
	maxRules     = 50
	maxAllowlist = 50
	maxTrials    = 20
	maxDefs      = 64
)

// state is everything Reset puts back and a snapshot carries, except the
// gate's stores (Actions, idempotency, presence), which live on Sim.
type state struct {
	Plant       plant                `json:"plant"`
	History     map[string]*history  `json:"-"`
	Card        product.Card         `json:"card"`
	Definitions []product.Definition `json:"definitions"`
	Logs        []LogEntry           `json:"logs"`
	Rhythm      []RhythmEntry        `json:"rhythm"`
	Seq         int64                `json:"seq"` // last Rhythm and log sequence number
	Alerts      []Alert              `json:"alerts"`
	Schedules   []Schedule           `json:"schedules"`
	ScheduleOBO map[string]string    `json:"scheduleOnBehalfOf,omitempty"` // schedule id → the caller the Core acted for
	Messages    []Message            `json:"messages"`
	Backups     []Backup             `json:"backups"`
	Config      map[string]any       `json:"config"`
	Rules       []Rule               `json:"rules"`
	Allowlist   gate.Allowlist       `json:"allowlist"`
	Updates     []Update             `json:"updates"`
	Network     Network              `json:"network"`
	Diagnostics Diagnostics          `json:"diagnostics"`
	MutedUntil  time.Time            `json:"mutedUntil,omitzero"`
	Trials      []*trialTimer        `json:"trials"`
	Faults      Faults               `json:"faults"`
	BootAt      time.Time            `json:"bootAt"`
	ClockOffset time.Duration        `json:"clockOffset"` // set by PUT /time
	Shutdown    bool                 `json:"shutdown"`
	Level       int                  `json:"level"` // autonomy level, for snapshots
	Tokens      []tokenRecord        `json:"tokens"`
}

// tokenRecord carries a token with its value in a snapshot (gate.Token never
// marshals its value).
type tokenRecord struct {
	gate.Token
	Secret string `json:"secret"`
}

func (st *state) hist(name string) *history {
	h, ok := st.History[name]
	if !ok {
		h = &history{}
		st.History[name] = h
	}
	return h
}

// LogEntry is one line of GET /logs.
type LogEntry struct {
	Seq     int64     `json:"seq"`
	At      time.Time `json:"at"`
	Level   string    `json:"level"` // info, warning, error
	Source  string    `json:"source"`
	Message string    `json:"message"`
}

// RhythmEntry is one entry of the Rhythm (HEART Core Part 2 Rule 5): every
// Action and alert on the device, and what the Core posts.
type RhythmEntry struct {
	Seq      int64          `json:"seq"`
	At       time.Time      `json:"at"`
	Kind     string         `json:"kind"`
	Summary  string         `json:"summary"`
	Source   string         `json:"source"` // device or core
	ActionID string         `json:"actionId,omitempty"`
	AlertID  string         `json:"alertId,omitempty"`
	Data     map[string]any `json:"data,omitempty"`
}

// Alert follows alert.schema.json.
type Alert struct {
	ID             string    `json:"id"`
	Code           string    `json:"code"`
	Severity       string    `json:"severity"`
	Summary        string    `json:"summary"`
	State          string    `json:"state"`
	RaisedAt       time.Time `json:"raisedAt"`
	Source         string    `json:"source"`
	Component      string    `json:"component,omitempty"`
	AcknowledgedAt time.Time `json:"acknowledgedAt,omitzero"`
	ResolvedAt     time.Time `json:"resolvedAt,omitzero"`
}

// Schedule follows schedule.schema.json.
type Schedule struct {
	ID            string         `json:"id"`
	Target        string         `json:"target"`
	Arguments     map[string]any `json:"arguments"`
	At            time.Time      `json:"at"`
	State         string         `json:"state"`
	CreatedAt     time.Time      `json:"createdAt"`
	CreatedBy     gate.Decider   `json:"createdBy"`
	ActionID      string         `json:"actionId,omitempty"`
	FiredActionID string         `json:"firedActionId,omitempty"`
	OnBehalfOf    string         `json:"-"` // kept in state.ScheduleOnBehalfOf: schedule.schema.json has no such member
}

// Message is one message to or from a peer.
type Message struct {
	ID   string    `json:"id"`
	At   time.Time `json:"at"`
	From string    `json:"from"`
	To   string    `json:"to"`
	Text string    `json:"text"`
}

// Backup is a saved configuration.
type Backup struct {
	ID     string         `json:"id"`
	At     time.Time      `json:"at"`
	Config map[string]any `json:"config"`
}

// Rule is a Playbook as the device stores it (rule.schema.json): the body as
// sent, with the adoption state the device checks and sets itself (HEART
// Core §4.3, decisions.md §2). On the wire it is one rule object.
type Rule struct {
	ID              string
	Status          string // proposed, adopted, suspended
	AdoptedPhysical bool
	AdoptedBy       string
	AdoptedAt       time.Time
	Revision        int
	Body            map[string]any
}

// MarshalJSON writes the rule as rule.schema.json has it.
func (r Rule) MarshalJSON() ([]byte, error) {
	out := make(map[string]any, len(r.Body)+6)
	for k, v := range r.Body {
		out[k] = v
	}
	out["id"], out["status"], out["adoptedPhysical"], out["revision"] = r.ID, r.Status, r.AdoptedPhysical, r.Revision
	delete(out, "adoptedBy")
	delete(out, "adoptedAt")
	if r.AdoptedBy != "" {
		out["adoptedBy"], out["adoptedAt"] = r.AdoptedBy, r.AdoptedAt
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a rule back (snapshots).
func (r *Rule) UnmarshalJSON(b []byte) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	r.Body = m
	r.ID, _ = m["id"].(string)
	r.Status, _ = m["status"].(string)
	r.AdoptedPhysical, _ = m["adoptedPhysical"].(bool)
	r.AdoptedBy, _ = m["adoptedBy"].(string)
	if at, ok := m["adoptedAt"].(string); ok {
		r.AdoptedAt, _ = time.Parse(time.RFC3339Nano, at)
	}
	if n, ok := m["revision"].(float64); ok {
		r.Revision = int(n)
	}
	return nil
}

// Update is a firmware update.
type Update struct {
	ID        string `json:"id"`
	Version   string `json:"version"`
	Signed    bool   `json:"signed"`
	State     string `json:"state"` // available, installed, rolled-back
	Summary   string `json:"summary"`
	Installed bool   `json:"installed"`
}

// Network is the link status.
type Network struct {
	Hostname string `json:"hostname"`
	Address  string `json:"address"`
	Link     string `json:"link"` // up, down
	DHCP     bool   `json:"dhcp"`
}

// Diagnostics holds the last self-test.
type Diagnostics struct {
	LastRun *time.Time        `json:"lastRun,omitempty"`
	Result  string            `json:"result"`
	Checks  map[string]string `json:"checks"`
}

func appendBounded[T any](s []T, v T, max int) []T {
	s = append(s, v)
	if len(s) > max {
		s = append(s[:0:0], s[len(s)-max:]...)
	}
	return s
}
