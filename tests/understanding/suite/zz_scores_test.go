package suite

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/heart-core/heart-web/core/api"
)

func TestZZScores(t *testing.T) {
	files := os.Getenv("ZZ_FILES")
	if files == "" {
		t.Skip()
	}
	d := NewDemo(0)
	out, _ := os.Create("/tmp/u/scores.tsv")
	defer out.Close()
	for _, fn := range strings.Split(files, ",") {
		raw, _ := os.ReadFile(fn)
		f, _ := Parse(raw)
		for _, c := range f.Cases {
			_ = d.Runner.Reset(context.Background())
			body, _ := json.Marshal(map[string]string{"text": c.Request, "lang": c.Lang})
			req := api.NewRequest("POST", "/heart/v1/serve", body)
			req.Header.Set("Authorization", "Bearer demo-owner")
			resp := d.Core.Serve(context.Background(), req)
			var a struct {
				Outcome   string
				Shortlist []struct {
					Target string
					Score  float64
				}
			}
			_ = json.Unmarshal(resp.Body, &a)
			s1, s2, t1 := 0.0, 0.0, ""
			if len(a.Shortlist) > 0 {
				s1, t1 = a.Shortlist[0].Score, a.Shortlist[0].Target
			}
			if len(a.Shortlist) > 1 {
				s2 = a.Shortlist[1].Score
			}
			kind := "target"
			if Unanswerable(c) {
				kind = "unans"
			} else if c.Expect.Target == "" {
				kind = "notarget"
			}
			fmt.Fprintf(out, "%s\t%s\t%v\t%s\t%.3f\t%.3f\t%s\t%s\t%q\n", c.ID, kind, t1 == c.Expect.Target, a.Outcome, s1, s2, t1, c.Expect.Target, c.Request)
		}
	}
}
