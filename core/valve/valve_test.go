package valve

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/schemas"
)

var start = time.Date(2026, 1, 5, 6, 0, 0, 0, time.UTC)

func rule(data, privacy, destination string, allow bool) Rule {
	return Rule{Data: data, Privacy: privacy, Destination: destination, Allow: allow}
}

func TestDecide(t *testing.T) {
	cases := []struct {
		name                       string
		rules                      []Rule
		data, privacy, destination string
		want                       bool
	}{
		{"the default lets nothing leave", Default().Rules, "pump.flow", Public, "cloud", false},
		{"no rules: nothing leaves", []Rule{}, "pump.flow", Public, "cloud", false},
		{"no matching rule: nothing leaves", []Rule{rule("tank.level", "", "cloud", true)}, "pump.flow", Public, "cloud", false},
		{"a rule for any data and destination", []Rule{rule(Any, "", Any, true)}, "pump.flow", Internal, "vendor", true},
		{"exact data beats any data", []Rule{rule(Any, "", "cloud", true), rule("pump.flow", "", "cloud", false)}, "pump.flow", Internal, "cloud", false},
		{"exact data beats any data, in either order", []Rule{rule("pump.flow", "", Any, true), rule(Any, "", Any, false)}, "pump.flow", Internal, "cloud", true},
		{"exact destination beats any destination", []Rule{rule(Any, "", Any, false), rule(Any, "", "historian", true)}, "pump.flow", Internal, "historian", true},
		{"exact data weighs more than exact destination", []Rule{rule("pump.flow", "", Any, true), rule(Any, "", "cloud", false)}, "pump.flow", Internal, "cloud", true},
		{"exact data and destination beat exact data alone", []Rule{rule("pump.flow", "", Any, false), rule("pump.flow", "", "cloud", true)}, "pump.flow", Internal, "cloud", true},
		{"a rule naming the level beats one that does not", []Rule{rule(Any, "", Any, true), rule(Any, Personal, Any, false)}, "operator.name", Personal, "cloud", false},
		{"a rule naming another level does not match", []Rule{rule(Any, Public, Any, true)}, "pump.flow", Internal, "cloud", false},
		{"data without a level is internal", []Rule{rule(Any, Internal, Any, true)}, "pump.flow", "", "cloud", true},
		{"never-share never leaves under any rule", []Rule{rule(Any, "", Any, true), rule("door.code", "", "cloud", true)}, "door.code", NeverShare, "cloud", false},
		{"never-share never leaves even under a rule naming it", []Rule{rule(Any, NeverShare, Any, true)}, "door.code", NeverShare, "cloud", false},
		{"an unknown level is treated as never-share", []Rule{rule(Any, "", Any, true)}, "pump.flow", "secret", "cloud", false},
		{"names match exactly", []Rule{rule("pump.flow", "", "cloud", true)}, "Pump.Flow", Internal, "cloud", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, decide(tc.rules, tc.data, tc.privacy, tc.destination))
			v := New(func() time.Time { return start })
			if v.Set(Document{Rules: tc.rules}) != nil {
				return // rules Validate refuses (a rule allowing never-share) are decided above only
			}
			assert.Equal(t, tc.want, v.Decide(tc.data, tc.privacy, tc.destination))
			assert.Equal(t, tc.want, v.Pass(tc.data, tc.privacy, tc.destination, 10), "Pass decides as Decide does")
		})
	}
}

func TestNew_StartsWithTheDefaultAndAnEmptyLog(t *testing.T) {
	v := New(func() time.Time { return start })
	assert.Equal(t, Default(), v.Document())
	assert.Equal(t, []Rule{{Data: "*", Destination: "*", Allow: false}}, v.Document().Rules)
	assert.Empty(t, v.Entries(MaxLog))
	assert.NotNil(t, v.Entries(MaxLog), "an empty log is a list, never null")
	d := v.Document()
	d.Rules[0].Allow = true
	assert.False(t, v.Document().Rules[0].Allow, "Document is a copy")
}

func TestLog_IsBoundedAndNewestFirst(t *testing.T) {
	now := start
	v := New(func() time.Time { return now })
	require.NoError(t, v.Set(Document{Rules: []Rule{rule("pump.flow", "", "cloud", true)}}))
	for i := 0; i < MaxLog+5; i++ {
		now = start.Add(time.Duration(i) * time.Second)
		v.Pass(fmt.Sprintf("d%d", i%2), Internal, "cloud", i)
	}
	all := v.Entries(MaxLog + 100)
	require.Len(t, all, MaxLog)
	assert.Equal(t, MaxLog+4, all[0].Bytes, "newest first")
	assert.Equal(t, 5, all[MaxLog-1].Bytes, "the oldest five were dropped")
	for i := 1; i < len(all); i++ {
		require.True(t, all[i-1].At.After(all[i].At))
	}
	top := v.Entries(3)
	require.Len(t, top, 3)
	assert.Equal(t, all[:3], top)
	assert.Empty(t, v.Entries(0))
	assert.Empty(t, v.Entries(-1))

	e := v.Entries(1)[0]
	assert.Equal(t, Entry{At: now, Data: "d0", Destination: "cloud", Bytes: MaxLog + 4, Allowed: false}, e, "pump.flow alone is allowed")
	v.Pass("pump.flow", "", "cloud", -7)
	assert.Equal(t, Entry{At: now, Data: "pump.flow", Destination: "cloud", Bytes: 0, Allowed: true}, v.Entries(1)[0])
}

func TestValve_ConcurrentUse(t *testing.T) {
	v := New(func() time.Time { return start })
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i := range 300 {
				switch i % 4 {
				case 0:
					_ = v.Set(Document{Rules: []Rule{rule(Any, "", "cloud", i%8 == 0)}})
				case 1:
					v.Pass("pump.flow", Internal, "cloud", i)
				case 2:
					_ = v.Entries(10)
				default:
					_ = v.Document()
					_ = v.Decide("pump.flow", NeverShare, "cloud")
				}
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 8*75, len(v.Entries(MaxLog)))
}

// Every refusal of a PUT body: status, code, field, and the Valve unchanged.
func TestParse_Refusals(t *testing.T) {
	ok := `{"data":"*","destination":"*","allow":false}`
	many := strings.TrimSuffix(strings.Repeat(`{"data":"d","destination":"x","allow":false},`, MaxRules+1), ",")
	long := strings.Repeat("ü", MaxRuleRunes+1)
	cases := []struct {
		name, body string
		status     int
		field      string
	}{
		{"an empty body", ``, 400, ""},
		{"not JSON", `{"rules":[`, 400, ""},
		{"data after the document", `{"rules":[]} {}`, 400, ""},
		{"not an object", `[]`, 400, ""},
		{"an unknown member", `{"rules":[],"mode":"open"}`, 400, "mode"},
		{"an unknown member in a rule", `{"rules":[{"data":"*","destination":"*","allow":false,"until":"x"}]}`, 400, "until"},
		{"no rules", `{}`, 400, "rules"},
		{"rules null", `{"rules":null}`, 400, "rules"},
		{"rules not a list", `{"rules":{}}`, 400, "rules"},
		{"more than 64 rules", `{"rules":[` + many + `]}`, 400, "rules"},
		{"a rule that is not an object", `{"rules":[` + ok + `,7]}`, 400, "rules"},
		{"no data", `{"rules":[{"destination":"*","allow":true}]}`, 400, "rules[0].data"},
		{"blank data", `{"rules":[` + ok + `,{"data":"  ","destination":"*","allow":true}]}`, 400, "rules[1].data"},
		{"data too long", `{"rules":[{"data":"` + long + `","destination":"*","allow":false}]}`, 400, "rules[0].data"},
		{"data not a string", `{"rules":[{"data":5,"destination":"*","allow":false}]}`, 400, "rules.data"},
		{"no destination", `{"rules":[{"data":"*","allow":false}]}`, 400, "rules[0].destination"},
		{"destination too long", `{"rules":[{"data":"*","destination":"` + long + `","allow":false}]}`, 400, "rules[0].destination"},
		{"a privacy outside the enum", `{"rules":[{"data":"*","privacy":"secret","destination":"*","allow":false}]}`, 400, "rules[0].privacy"},
		{"an empty privacy", `{"rules":[{"data":"*","privacy":"","destination":"*","allow":false}]}`, 400, "rules[0].privacy"},
		{"no allow", `{"rules":[{"data":"*","destination":"*"}]}`, 400, "rules[0].allow"},
		{"allow null", `{"rules":[` + ok + `,{"data":"x","destination":"*","allow":null}]}`, 400, "rules[1].allow"},
		{"allow not a boolean", `{"rules":[{"data":"*","destination":"*","allow":"yes"}]}`, 400, "rules.allow"},
		{"the same rule twice", `{"rules":[` + ok + `,{"data":"*","destination":"*","allow":true}]}`, 400, "rules[1]"},
		{"a rule allowing never-share data", `{"rules":[` + ok + `,{"data":"*","privacy":"never-share","destination":"cloud","allow":true}]}`, 422, "rules[1].allow"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := New(func() time.Time { return start })
			_, err := Parse([]byte(tc.body))
			require.Error(t, err)
			var p *api.Problem
			require.ErrorAs(t, err, &p)
			assert.Equal(t, tc.status, p.Status, p.Detail)
			assert.Equal(t, api.CodeInvalidRequest, p.Code)
			assert.Equal(t, tc.field, p.Field, p.Detail)
			assert.NotEmpty(t, p.Detail)
			if tc.status == 422 {
				assert.Contains(t, p.Detail, "never-share data may not leave the system")
			}
			assert.Equal(t, Default(), v.Document(), "a refused document changes nothing")
		})
	}
}

func TestParse_Accepts(t *testing.T) {
	max := strings.Repeat("ü", MaxRuleRunes)
	rules := make([]string, MaxRules)
	for i := range rules {
		rules[i] = fmt.Sprintf(`{"data":"d%d","destination":"x","allow":false}`, i)
	}
	for name, body := range map[string]string{
		"no rules at all (nothing leaves)":   `{"rules":[]}`,
		"64 rules":                           `{"rules":[` + strings.Join(rules, ",") + `]}`,
		"200 characters":                     `{"rules":[{"data":"` + max + `","destination":"` + max + `","allow":true}]}`,
		"never-share data denied":            `{"rules":[{"data":"*","privacy":"never-share","destination":"*","allow":false}]}`,
		"one rule per level and destination": `{"rules":[{"data":"*","privacy":"public","destination":"cloud","allow":true},{"data":"*","privacy":"internal","destination":"cloud","allow":false},{"data":"*","destination":"cloud","allow":false}]}`,
		"a null privacy is left out":         `{"rules":[{"data":"*","privacy":null,"destination":"*","allow":false}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			d, err := Parse([]byte(body))
			require.NoError(t, err)
			v := New(func() time.Time { return start })
			require.NoError(t, v.Set(d))
			assert.Equal(t, d, v.Document())
		})
	}
}

func TestValidate_RefusesWhatParseRefuses(t *testing.T) {
	assert.Error(t, Validate(Document{}), "rules are required")
	assert.Error(t, Validate(Document{Rules: []Rule{rule("", "", "*", false)}}))
	assert.Error(t, Validate(Document{Rules: []Rule{rule("*", "", "*", true), rule("*", "", "*", false)}}))
	err := Validate(Document{Rules: []Rule{rule("*", NeverShare, "*", true)}})
	require.Error(t, err)
	assert.Equal(t, 422, err.(*api.Problem).Status)
	v := New(func() time.Time { return start })
	assert.Error(t, v.Set(Document{Rules: make([]Rule, MaxRules+1)}))
	assert.Equal(t, Default(), v.Document())
}

// Whatever the rules, well-formed or not, never-share data never leaves.
func TestDecide_NeverShareNeverLeaves(t *testing.T) {
	names := []string{Any, "pump.flow", "door.code", "cloud", "vendor", ""}
	privacies := append([]string{"", "secret"}, Levels...)
	rapid.Check(t, func(t *rapid.T) {
		rules := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) Rule {
			return Rule{
				Data:        rapid.SampledFrom(names).Draw(t, "data"),
				Privacy:     rapid.SampledFrom(privacies).Draw(t, "privacy"),
				Destination: rapid.SampledFrom(names).Draw(t, "destination"),
				Allow:       rapid.Bool().Draw(t, "allow"),
			}
		}), 0, 12).Draw(t, "rules")
		data := rapid.SampledFrom(names).Draw(t, "to-send")
		destination := rapid.SampledFrom(names).Draw(t, "to")
		if decide(rules, data, NeverShare, destination) {
			t.Fatalf("never-share %q left for %q under %v", data, destination, rules)
		}
		v := New(func() time.Time { return start })
		if v.Set(Document{Rules: rules}) == nil && v.Pass(data, NeverShare, destination, 1) {
			t.Fatalf("a Valve with validated rules %v let never-share data out", rules)
		}
	})
}

// validJSON checks v against the contract's $defs entry def.
func validJSON(t testing.TB, def string, v any) {
	t.Helper()
	s, err := schemas.Compile("resources.schema.json#/$defs/" + def)
	require.NoError(t, err)
	require.NoError(t, schemas.Check(s, v))
}

// The types are the contract's: the default, an accepted document and the
// log validate against resources.schema.json, and Levels is ValveRule's enum.
func TestShapes_MatchTheContract(t *testing.T) {
	validJSON(t, "Valve", Default())
	d, err := Parse([]byte(`{"rules":[{"data":"pump.flow","privacy":"public","destination":"cloud","allow":true},{"data":"*","destination":"*","allow":false}]}`))
	require.NoError(t, err)
	validJSON(t, "Valve", d)
	v := New(func() time.Time { return start })
	v.Pass("pump.flow", Public, "cloud", 120)
	validJSON(t, "ValveLog", Log{Entries: v.Entries(MaxLog)})
	validJSON(t, "ValveLog", Log{Entries: New(time.Now).Entries(MaxLog)})

	var res struct {
		Defs map[string]struct {
			Properties map[string]struct {
				Enum []string `json:"enum"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	raw, err := schemas.File("resources.schema.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &res))
	assert.Equal(t, res.Defs["ValveRule"].Properties["privacy"].Enum, Levels)
}
