package serve

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/device"
	"github.com/heart-core/heart-web/core/explain"
	"github.com/heart-core/heart-web/core/sysmap"
	"github.com/heart-core/heart-web/index"
	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

func f(v float64) *float64 { return &v }

// testMap is a small Acme map: the real Index filtered to what the pipeline
// needs, and a few product commands as decisions §4 defines them.
func testMap(t testing.TB) *sysmap.Map {
	idx, err := index.Load()
	require.NoError(t, err)
	m := &sysmap.Map{Revision: "r1", Card: sysmap.Card{TimeZone: "Europe/Berlin", Level: "full", Modules: []string{"control"}}}
	for _, e := range idx.Operations {
		if e.Level != "module-brain" && e.Level != "module-gateway" {
			m.Operations = append(m.Operations, e)
		}
	}
	num := func(name, unit string, lo, hi float64, def any, req bool) sysmap.Argument {
		return sysmap.Argument{Name: name, Type: "number", Unit: unit, Minimum: f(lo), Maximum: f(hi), Default: def, Required: req}
	}
	schema := func(args ...sysmap.Argument) sysmap.ArgSchema {
		s := sysmap.ArgSchema{Type: "object", Properties: map[string]json.RawMessage{}}
		for _, a := range args {
			raw, _ := json.Marshal(map[string]any{"type": a.Type, "minimum": a.Minimum, "maximum": a.Maximum, "default": a.Default, "unit": a.Unit})
			if a.Enum != nil {
				raw, _ = json.Marshal(map[string]any{"type": a.Type, "enum": a.Enum})
			}
			s.Properties[a.Name] = raw
			if a.Required {
				s.Required = append(s.Required, a.Name)
			}
		}
		return s
	}
	all := []string{"human", "ai", "rule"}
	flow := num("litresPerMin", "L/min", 0, 120, nil, true)
	flow.Description = "Flow setpoint"
	fill := num("targetPercent", "%", 0, 100, 90.0, false)
	drain := num("targetPercent", "%", 0, 100, 20.0, false)
	rpm := num("rpm", "rpm", 0, 1500, nil, true)
	sensor := sysmap.Argument{Name: "sensor", Type: "string", Enum: []string{"level", "flow"}, Required: true}
	m.Commands = []sysmap.Command{
		{Name: "com.acme.pump.set_flow", Title: "Set pump flow", Risk: "physical", Callers: all, Thing: "pump", Sets: "pump.flow", Arguments: []sysmap.Argument{flow}, Schema: schema(flow)},
		{Name: "com.acme.pump.halt", Title: "Stop the pump", Risk: "physical", Callers: all, Thing: "pump", Halt: true, Schema: schema()},
		{Name: "com.acme.conveyor.halt", Title: "Stop the conveyor", Risk: "physical", Callers: all, Thing: "conveyor", Halt: true, Schema: schema()},
		{Name: "com.acme.tank.fill", Title: "Fill the tank", Risk: "physical", Callers: all, Thing: "tank", Sets: "tank.level", Arguments: []sysmap.Argument{fill}, Schema: schema(fill)},
		{Name: "com.acme.tank.drain", Title: "Drain the tank", Risk: "physical", Callers: all, Thing: "tank", Sets: "tank.level", Arguments: []sysmap.Argument{drain}, Schema: schema(drain)},
		{Name: "com.acme.mixer.set_speed", Title: "Set mixer speed", Risk: "physical", Callers: all, Thing: "mixer", Arguments: []sysmap.Argument{rpm}, Schema: schema(rpm)},
		{Name: "com.acme.sensors.calibrate", Title: "Calibrate a sensor", Risk: "write", Callers: []string{"human"}, Arguments: []sysmap.Argument{sensor}, Schema: schema(sensor)},
		{Name: "com.acme.report.daily", Title: "Daily production report", Risk: "read", Callers: all, Schema: schema()},
	}
	m.Properties = []sysmap.Property{{Name: "tank.level", Title: "Tank level", Unit: "%"}, {Name: "pump.flow", Title: "Pump flow", Unit: "L/min", Writable: true}}
	m.Components = []sysmap.Component{{ID: "pump-1", Kind: "pump"}, {ID: "mixer-1", Kind: "mixer"}, {ID: "conveyor-1", Kind: "conveyor"}, {ID: "controller", Kind: "controller"}}
	return m
}

// call is one call the pipeline made to the device.
type call struct {
	Method, Path string
	Body         map[string]any
	On           device.On
}

// fakeDevice answers the pipeline's calls. It is not the simulator: it
// records each call and answers from a table, so each rule can be checked
// in isolation. Unknown calls answer 404.
type fakeDevice struct {
	mu      sync.Mutex
	calls   []call
	mode    string
	answers map[string]*api.Response // "METHOD path" -> response
	fail    error
}

func newFake() *fakeDevice {
	return &fakeDevice{mode: "act", answers: map[string]*api.Response{}}
}

func (d *fakeDevice) Do(_ context.Context, method, target string, body any, on device.On) (*api.Response, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	c := call{Method: method, Path: target, On: on}
	if body != nil {
		raw, _ := json.Marshal(body)
		_ = json.Unmarshal(raw, &c.Body)
	}
	d.calls = append(d.calls, c)
	if d.fail != nil {
		return nil, d.fail
	}
	if r, ok := d.answers[method+" "+target]; ok {
		return r, nil
	}
	switch {
	case method == "GET" && target == "/heart/v1/tending":
		return api.JSON(200, map[string]any{"autonomy": map[string]any{"current": 3, "mode": d.mode}}), nil
	case method == "GET" && strings.HasPrefix(target, "/heart/v1/properties/"):
		name := strings.TrimPrefix(target, "/heart/v1/properties/")
		return api.JSON(200, map[string]any{"name": name, "title": "Tank level", "value": 62.0, "unit": "%"}), nil
	case method == "GET":
		return api.JSON(200, map[string]any{"alerts": []any{map[string]any{"id": "a1", "code": "low-level", "summary": "Tank low"}}}), nil
	case strings.HasSuffix(target, "/invoke") && strings.Contains(target, "report"):
		return api.JSON(200, map[string]any{"action": map[string]any{"id": "x", "state": "succeeded", "result": map[string]any{"litres": 1200.0}}}), nil
	}
	return api.JSON(202, map[string]any{"action": map[string]any{"id": "act-" + strconv.Itoa(len(d.calls)), "state": "waiting"}}), nil
}

// nonReads are the calls that could change state.
func (d *fakeDevice) nonReads() []call {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []call
	for _, c := range d.calls {
		if c.Method != "GET" {
			out = append(out, c)
		}
	}
	return out
}

var digits = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// statedDigits is a stand-in for recall.Stated: a number is stated when its
// digits appear; a string when its words do.
func statedDigits(text string, v any, _ string) bool {
	switch x := v.(type) {
	case float64:
		for _, m := range digits.FindAllString(text, -1) {
			if n, err := strconv.ParseFloat(m, 64); err == nil && n == x {
				return true
			}
		}
	case string:
		return strings.Contains(strings.ToLower(text), strings.ToLower(x))
	}
	return false
}

var (
	owner    = device.Caller{Name: "owner", Kind: "human", Scopes: []string{"heart.read", "heart.operate", "heart.tend", "heart.admin"}}
	operator = device.Caller{Name: "operator", Kind: "human", Scopes: []string{"heart.read", "heart.operate", "heart.tend"}}
	viewer   = device.Caller{Name: "viewer", Kind: "human", Scopes: []string{"heart.read"}}
)

// env builds an Env whose tier always answers u.
func env(t testing.TB, dev *fakeDevice, u Understanding) *Env {
	return &Env{
		Map: testMap(t), Device: dev, Stated: statedDigits, Questions: &Questions{}, Templates: explain.Load(), Now: t0,
		Resolver: ResolverFunc(func(string, Context) Understanding { return u }),
		Stop: func(context.Context) *api.Response {
			dev.mu.Lock()
			dev.calls = append(dev.calls, call{Method: "POST", Path: "/heart/v1/tending/stop"})
			dev.mu.Unlock()
			return api.JSON(200, map[string]any{"autonomy": map[string]any{"current": 0, "mode": "observe"}, "stopped": true})
		},
	}
}

func match(target string, score float64, args map[string]any, grounding map[string]string) Understanding {
	return Understanding{Lang: "en", Decision: "match", Candidates: []Candidate{{Target: target, Score: score, Args: args, Grounding: grounding}}}
}

func serveText(t *testing.T, e *Env, who device.Caller, text string) *Response {
	t.Helper()
	out, err := Serve(context.Background(), e, who, Request{Text: text})
	require.NoError(t, err)
	require.LessOrEqual(t, len(out.Shortlist), 8)
	require.NotEmpty(t, out.Answer)
	return out
}
