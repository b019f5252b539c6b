package recall

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDebugResolve(t *testing.T) {
	req := os.Getenv("RECALL_DEBUG")
	if req == "" {
		t.Skip("set RECALL_DEBUG")
	}
	x := fixtureIndex(t)
	if os.Getenv("RECALL_FULL") != "" {
		tg, ents := fullTargets(t)
		var err error
		x, err = Build(tg, ents, Options{})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range strings.Split(req, "|") {
		res := x.Resolve(r, testCtx())
		fmt.Printf("%q lang=%s decision=%s thing=%s/%s\n", r, res.Lang, res.Decision, res.Thing, res.ThingHalt)
		qr := x.analyse(r, testCtx())
		fmt.Printf("   concepts=%v read=%v act=%v\n", qr.q, qr.read, qr.act)
		if res.When != nil {
			fmt.Printf("   when=%s %q vague=%v\n", res.When.At.Format("Mon 2006-01-02 15:04"), res.When.Text, res.When.Vague)
		}
		for _, q := range res.Quantities {
			fmt.Printf("   qty %v %s %q\n", q.Value, q.Unit, q.Text)
		}
		for _, e := range res.Entities {
			fmt.Printf("   ent %s %s %q\n", e.Kind, e.ID, e.Text)
		}
		for i, c := range res.Shortlist {
			if i > 3 {
				break
			}
			fmt.Printf("   %.3f %s %v %v miss=%v\n", c.Score, c.Target, c.Args, c.Grounding, c.Missing)
		}
	}
}
