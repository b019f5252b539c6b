package recall

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnderstandingCases measures the tier alone on the project's case file
// (core/understanding-cases.json, written by others): right target first,
// in the shortlist, arguments, unanswerable rejected. A request with a time
// counts as postSchedule around the first candidate, as the Core builds it.
// It logs the numbers; RECALL_CASES_VERBOSE=1 lists the misses.
func TestUnderstandingCases(t *testing.T) {
	b, err := os.ReadFile("../understanding-cases.json")
	require.NoError(t, err, "core/understanding-cases.json is committed")
	var f struct {
		Cases []struct {
			ID      string `json:"id"`
			Request string `json:"request"`
			Lang    string `json:"lang"`
			Expect  struct {
				Outcome   any            `json:"outcome"`
				Target    string         `json:"target"`
				Arguments map[string]any `json:"arguments"`
			} `json:"expect"`
		} `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(b, &f))
	targets, ents := fullTargets(t)
	x, err := Build(targets, ents, Options{})
	require.NoError(t, err)
	verbose := os.Getenv("RECALL_CASES_VERBOSE") != ""
	var first, inList, argsOK, tcases, unans, rejected int
	perLang := map[string][2]int{}
	for _, c := range f.Cases {
		res := x.Resolve(c.Request, testCtx())
		top, args := "", map[string]any{}
		if len(res.Shortlist) > 0 && res.Decision != DecisionNone {
			top, args = res.Shortlist[0].Target, res.Shortlist[0].Args
		}
		if res.When != nil && top != "" {
			args = map[string]any{"target": top}
			top = "postSchedule"
		}
		if c.Expect.Target == "" {
			if fmt.Sprint(c.Expect.Outcome) == "not-understood" {
				unans++
				if res.Decision == DecisionNone {
					rejected++
				} else if verbose {
					t.Logf("MISS %s %q: want none, got %s %s", c.ID, c.Request, res.Decision, top)
				}
			}
			continue
		}
		tcases++
		pl := perLang[c.Lang]
		pl[1]++
		found := false
		for _, cd := range res.Shortlist {
			found = found || cd.Target == c.Expect.Target || (res.When != nil && c.Expect.Target == "postSchedule")
		}
		if found {
			inList++
		}
		if top == c.Expect.Target {
			first++
			pl[0]++
			ok := true
			for k, v := range c.Expect.Arguments {
				ok = ok && fmt.Sprint(args[k]) == fmt.Sprint(v)
			}
			if ok {
				argsOK++
			} else if verbose {
				t.Logf("ARGS %s %q: %v, want %v", c.ID, c.Request, args, c.Expect.Arguments)
			}
		} else if verbose {
			sl := []string{}
			for _, cd := range res.Shortlist {
				sl = append(sl, fmt.Sprintf("%s:%.2f", cd.Target, cd.Score))
			}
			t.Logf("MISS %s %q: want %s, got %s [%s] when=%v thing=%s", c.ID, c.Request, c.Expect.Target, res.Decision, strings.Join(sl, " "), res.When != nil, res.Thing)
		}
		perLang[c.Lang] = pl
	}
	t.Logf("cases %d: target cases %d, right first %d, in shortlist %d, arguments right %d; unanswerable %d, rejected %d; per language %v",
		len(f.Cases), tcases, first, inList, argsOK, unans, rejected, perLang)
}
