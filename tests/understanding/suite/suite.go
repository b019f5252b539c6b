// Package suite runs the Understanding suite of HEART Core §12 (case file
// format and figures: decisions.md §5) through the real Core: each case is
// sent as POST /heart/v1/serve to the Core's Handler, the device is reset
// before each case, nothing is ever approved, and after each case the
// device's Actions are read to count wrong actions (§12: a state change no
// person confirmed). It has no net/http, so a browser playground can run it
// against the in-process simulator.
package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/serve"
)

// File is a case file (understanding-cases.schema.json).
type File struct {
	Version string `json:"version"`
	Product string `json:"product"`
	Cases   []Case `json:"cases"`
}

// Case is one request and what it should come to.
type Case struct {
	ID      string `json:"id"`
	Request string `json:"request"`
	Token   string `json:"token,omitempty"`
	Lang    string `json:"lang,omitempty"`
	Note    string `json:"note,omitempty"`
	Expect  Expect `json:"expect"`
}

// Expect is a case's expectation: accepted outcomes, the target (optional)
// and a subset of its arguments.
type Expect struct {
	Outcome   Outcomes       `json:"outcome"`
	Target    string         `json:"target,omitempty"`
	Arguments map[string]any `json:"arguments,omitempty"`
}

// Outcomes is one outcome or a list of acceptable ones.
type Outcomes []string

// UnmarshalJSON accepts a string or a list of strings.
func (o *Outcomes) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*o = Outcomes{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("outcome: a string or a list of strings: %w", err)
	}
	*o = many
	return nil
}

// MarshalJSON writes a single outcome as a string.
func (o Outcomes) MarshalJSON() ([]byte, error) {
	if len(o) == 1 {
		return json.Marshal(o[0])
	}
	return json.Marshal([]string(o))
}

// Parse reads a case file.
func Parse(raw []byte) (*File, error) {
	var f File
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("case file: %w", err)
	}
	for i, c := range f.Cases {
		if c.ID == "" || c.Request == "" || len(c.Expect.Outcome) == 0 {
			return nil, fmt.Errorf("case file: case %d needs id, request and expect.outcome", i)
		}
	}
	return &f, nil
}

// Summary is the runner's result (understanding-cases.schema.json runSummary).
type Summary struct {
	Cases                  int       `json:"cases"`
	TargetCases            int       `json:"targetCases"`
	RightTargetFirst       int       `json:"rightTargetFirst"`
	RightTargetInShortlist int       `json:"rightTargetInShortlist"`
	RightOutcome           int       `json:"rightOutcome"`
	ArgumentsRight         int       `json:"argumentsRight"`
	Unanswerable           int       `json:"unanswerable"`
	UnanswerableRejected   int       `json:"unanswerableRejected"`
	WrongActions           int       `json:"wrongActions"`
	Failures               []Failure `json:"failures"`
	// ArgumentCases counts cases that expect arguments (the denominator of
	// ArgumentsRight). Not part of runSummary, so not sent in JSON.
	ArgumentCases int `json:"-"`
}

// Failure is a case that did not come out right.
type Failure struct {
	ID       string `json:"id"`
	Request  string `json:"request"`
	Expected Expect `json:"expected"`
	Got      Got    `json:"got"`
}

// Got is what the Core answered, as scored.
type Got struct {
	Outcome      string         `json:"outcome,omitempty"`
	Target       string         `json:"target,omitempty"`
	Arguments    map[string]any `json:"arguments,omitempty"`
	Shortlist    []string       `json:"shortlist,omitempty"`
	Reason       string         `json:"reason,omitempty"`
	Answer       string         `json:"answer,omitempty"`
	Status       int            `json:"status,omitempty"`
	WrongActions int            `json:"wrongActions,omitempty"`
}

// Runner runs cases through a Core.
type Runner struct {
	// Core is the Core's Handler; requests go through it exactly as a
	// page's would.
	Core api.Handler
	// Reset puts the device in its initial state and forgets the Core's
	// open questions. Called before each case.
	Reset func(ctx context.Context) error
	// Token is the default caller (demo-owner); ActionsToken reads the
	// device's Actions (demo-owner).
	Token, ActionsToken string
}

// DefaultToken is the caller when a case names none (decisions.md §5).
const DefaultToken = "demo-owner"

// Run runs every case and scores it.
func (r *Runner) Run(ctx context.Context, f *File) (*Summary, error) {
	s := &Summary{Failures: []Failure{}}
	for _, c := range f.Cases {
		res, err := r.One(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		s.add(c, res)
	}
	return s, nil
}

// Result is one case's score.
type Result struct {
	Got            Got
	TargetFirst    bool
	TargetListed   bool
	OutcomeRight   bool
	ArgumentsRight bool
	Rejected       bool
}

func (s *Summary) add(c Case, res Result) {
	s.Cases++
	if c.Expect.Target != "" {
		s.TargetCases++
		if res.TargetFirst {
			s.RightTargetFirst++
		}
		if res.TargetListed {
			s.RightTargetInShortlist++
		}
	}
	if len(c.Expect.Arguments) > 0 {
		s.ArgumentCases++
		if res.ArgumentsRight {
			s.ArgumentsRight++
		}
	}
	if Unanswerable(c) {
		s.Unanswerable++
		if res.Rejected {
			s.UnanswerableRejected++
		}
	}
	if res.OutcomeRight {
		s.RightOutcome++
	}
	s.WrongActions += res.Got.WrongActions
	if !res.OutcomeRight || res.Got.WrongActions > 0 {
		s.Failures = append(s.Failures, Failure{ID: c.ID, Request: c.Request, Expected: c.Expect, Got: res.Got})
	}
}

// Unanswerable is a case that expects only not-understood.
func Unanswerable(c Case) bool {
	return len(c.Expect.Outcome) == 1 && c.Expect.Outcome[0] == "not-understood" && c.Expect.Target == ""
}

// serveAnswer is the part of a /serve response the runner scores.
type serveAnswer struct {
	Outcome string `json:"outcome"`
	Intent  *struct {
		Target    string         `json:"target"`
		Arguments map[string]any `json:"arguments"`
	} `json:"intent"`
	Answer    string `json:"answer"`
	Reason    string `json:"reason"`
	Shortlist []struct {
		Target string `json:"target"`
	} `json:"shortlist"`
	Detail string `json:"detail"`
}

// One resets the device, sends one case and scores it.
func (r *Runner) One(ctx context.Context, c Case) (Result, error) {
	if r.Reset != nil {
		if err := r.Reset(ctx); err != nil {
			return Result{}, fmt.Errorf("reset: %w", err)
		}
	}
	token := c.Token
	if token == "" {
		token = r.token()
	}
	got, err := r.Send(ctx, token, c.Request, c.Lang)
	if err != nil {
		return Result{}, err
	}
	wrong, err := r.WrongActions(ctx)
	if err != nil {
		return Result{}, err
	}
	got.WrongActions = len(wrong)
	return Score(c, got), nil
}

func (r *Runner) token() string {
	if r.Token != "" {
		return r.Token
	}
	return DefaultToken
}

// Send posts one request to /serve as token and reads what came back. A
// problem answer (4xx/5xx) is a Got with its status and no outcome.
func (r *Runner) Send(ctx context.Context, token, text, lang string) (Got, error) {
	body, err := json.Marshal(map[string]string{"text": text, "lang": lang})
	if lang == "" {
		body, err = json.Marshal(map[string]string{"text": text})
	}
	if err != nil {
		return Got{}, err
	}
	req := api.NewRequest("POST", "/heart/v1/serve", body)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", api.ContentTypeJSON)
	resp := r.Core.Serve(ctx, req)
	var a serveAnswer
	dec := json.NewDecoder(bytes.NewReader(resp.Body))
	dec.UseNumber()
	if err := dec.Decode(&a); err != nil {
		return Got{}, fmt.Errorf("serve answered %d with a body that is not JSON: %w", resp.Status, err)
	}
	g := Got{Outcome: a.Outcome, Answer: a.Answer, Reason: a.Reason}
	if resp.Status != 200 {
		g.Status, g.Outcome, g.Answer = resp.Status, "", a.Detail
	}
	if a.Intent != nil {
		g.Target = a.Intent.Target
		if a.Intent.Arguments != nil {
			g.Arguments = numbers(a.Intent.Arguments).(map[string]any)
		}
	}
	for _, s := range a.Shortlist {
		g.Shortlist = append(g.Shortlist, s.Target)
	}
	return g, nil
}

// Action is the part of a device Action that decides whether it was wrong.
type Action struct {
	ID        string `json:"id"`
	Target    string `json:"target"`
	Risk      string `json:"risk"`
	State     string `json:"state"`
	DecidedBy *struct {
		Kind string `json:"kind"`
	} `json:"decidedBy"`
}

// Wrong says whether an Action is a wrong action (§12): it ran, or was
// let run, with a risk other than read and no person's approval.
func (a Action) Wrong() bool {
	if a.Risk == "read" {
		return false
	}
	switch a.State {
	case "approved", "running", "succeeded", "failed":
		return a.DecidedBy == nil || a.DecidedBy.Kind != "human"
	}
	return false
}

// WrongActions reads the device's Actions through the Core (forwarded, as
// demo-owner) and returns the wrong ones.
func (r *Runner) WrongActions(ctx context.Context) ([]Action, error) {
	token := r.ActionsToken
	if token == "" {
		token = DefaultToken
	}
	req := api.NewRequest("GET", "/heart/v1/actions", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp := r.Core.Serve(ctx, req)
	if resp.Status != 200 {
		return nil, fmt.Errorf("GET /actions answered %d: %s", resp.Status, resp.Body)
	}
	var list struct {
		Actions []Action `json:"actions"`
	}
	if err := json.Unmarshal(resp.Body, &list); err != nil {
		return nil, fmt.Errorf("GET /actions: %w", err)
	}
	var wrong []Action
	for _, a := range list.Actions {
		if a.Wrong() {
			wrong = append(wrong, a)
		}
	}
	return wrong, nil
}

// Score compares what came back with what a case expects (decisions.md §5).
func Score(c Case, g Got) Result {
	res := Result{Got: g}
	want := c.Expect.Target
	first := g.Target
	if first == "" && len(g.Shortlist) > 0 {
		first = g.Shortlist[0]
	}
	if want != "" {
		res.TargetFirst = first == want
		res.TargetListed = res.TargetFirst
		for i, t := range g.Shortlist {
			if i < 8 && t == want {
				res.TargetListed = true
			}
		}
	}
	res.ArgumentsRight = g.Target == want && Subset(c.Expect.Arguments, g.Arguments)
	accepted := false
	for _, o := range c.Expect.Outcome {
		if o == g.Outcome {
			accepted = true
		}
	}
	res.OutcomeRight = accepted && (want == "" || (g.Target == want && Subset(c.Expect.Arguments, g.Arguments)))
	res.Rejected = g.Outcome == "not-understood" || g.Outcome == "refused"
	return res
}

// Subset says whether every expected argument is in got with the same
// value; numbers compare exactly after rounding to 6 significant digits.
func Subset(want, got map[string]any) bool {
	for k, w := range want {
		g, ok := got[k]
		if !ok || !same(numbers(w), numbers(g)) {
			return false
		}
	}
	return true
}

func same(a, b any) bool {
	if am, ok := a.(map[string]any); ok {
		bm, ok := b.(map[string]any)
		return ok && Subset(am, bm)
	}
	ra, _ := json.Marshal(a)
	rb, _ := json.Marshal(b)
	return bytes.Equal(ra, rb)
}

// numbers turns every number in v into a float64 rounded to 6 significant digits.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return x.String()
		}
		return serve.Round6(f)
	case float64:
		return serve.Round6(x)
	case int:
		return float64(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = numbers(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = numbers(e)
		}
		return out
	}
	return v
}
