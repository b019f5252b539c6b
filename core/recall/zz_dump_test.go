package recall

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZDump(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	x := fullIndex(t)
	files, _ := filepath.Glob("../../tests/understanding/testdata/dev-*.json")
	files = append(files, "../../tests/understanding/testdata/heldout-a.json", "../../tests/understanding/testdata/heldout-b.json", "../understanding-cases.json")
	out, _ := os.Create(os.Getenv("DUMP"))
	defer out.Close()
	for _, f := range files {
		b, _ := os.ReadFile(f)
		var d struct {
			Cases []struct {
				ID, Lang, Request string
				Expect            struct {
					Outcome any
					Target  string
				}
			}
		}
		json.Unmarshal(b, &d)
		for _, c := range d.Cases {
			ctx := testCtx()
			ctx.Lang = c.Lang
			r := x.Resolve(c.Request, ctx)
			var t1, t2 string
			var s1, s2 float64
			if len(r.Shortlist) > 0 {
				t1, s1 = r.Shortlist[0].Target, r.Shortlist[0].Score
			}
			if len(r.Shortlist) > 1 {
				t2, s2 = r.Shortlist[1].Target, r.Shortlist[1].Score
			}
			oc, _ := json.Marshal(c.Expect.Outcome)
			fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\t%.3f\t%s\t%.3f\t%s\n", filepath.Base(f), c.ID, string(oc), c.Expect.Target, t1, s1, t2, s2, strings.ReplaceAll(r.Decision, "\t", " "))
		}
	}
}
