package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/gate"
)

// A read may be scheduled ("read the tank level tomorrow at 8", "at 3 pm
// tell me how full the tank is"): when its time comes, the fired Action
// runs the read as the operation's own handler answers it, and records the
// answer as its result, where the Rhythm and the Action show it.

// scheduledRead is the read operation a schedule names, if it is one.
func (s *Sim) scheduledRead(target string) (*op, bool) {
	o, ok := s.ops[target]
	return o, ok && o.direct != nil && o.Risk == gate.RiskRead
}

// readArgs parts a read's arguments into its path parameters and its query,
// and names the path parameters still missing.
func readArgs(o *op, args map[string]any) (api.Params, url.Values, []string) {
	p, q := api.Params{}, url.Values{}
	for k, v := range args {
		str := fmt.Sprint(v)
		if strings.Contains(o.Path, "{"+k+"}") {
			p[k] = str
		} else {
			q.Set(k, str)
		}
	}
	var missing []string
	for _, seg := range strings.Split(o.Path, "/") {
		if name, ok := strings.CutPrefix(seg, "{"); ok {
			if name = strings.TrimSuffix(name, "}"); p[name] == "" {
				missing = append(missing, name)
			}
		}
	}
	return p, q, missing
}

// runRead answers a fired schedule's read.
func (s *Sim) runRead(o *op, a gate.Action) (int, any, error) {
	p, q, missing := readArgs(o, a.Arguments)
	if len(missing) > 0 {
		return 0, nil, api.Problemf(400, api.CodeInvalidRequest, "%s needs %s.", o.ID, strings.Join(missing, ", "))
	}
	path := o.Path
	for k, v := range p {
		path = strings.ReplaceAll(path, "{"+k+"}", url.PathEscape(v))
	}
	tok, _ := s.tokens.ByName(a.Initiator.Token)
	resp := o.direct(&call{s: s, ctx: context.Background(), req: &api.Request{Method: o.Method, Path: path, Query: q}, p: p, op: o, tok: tok, ini: a.Initiator})
	var body any
	_ = json.Unmarshal(resp.Body, &body)
	if resp.Status >= 400 {
		problem, _ := body.(map[string]any) // a body that is not a JSON object has no detail; never a panic
		detail, _ := problem["detail"].(string)
		return resp.Status, nil, api.NewProblem(resp.Status, api.CodeInvalidRequest, detail)
	}
	return resp.Status, body, nil
}
