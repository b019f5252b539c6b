package serve

import (
	"context"
	"strings"

	"github.com/heart-core/heart-web/core/device"
)

// peerRecipient gives a message the device's id of the peer the person
// named: people call a peer by its name ("send pump station 2 a note"), the
// device knows it by its id ("acme-ps-0002"). The peers are read just now,
// so the id is a system-state value (§6.1). A recipient that no peer's id or
// name matches, or that two peers match, is left as stated, and the device
// refuses it with its reason.
func (r *run) peerRecipient(ctx context.Context, t Target, c Candidate) Candidate {
	p, ok := t.Param("to")
	if !ok || p.Type != "string" || t.Op == nil || t.Op.Method != "POST" || t.Op.Path != "/heart/v1/messages" {
		return c
	}
	resp, err := r.env.Device.Do(ctx, "GET", "/heart/v1/peers", nil, r.on())
	if err != nil || resp.Status != 200 {
		return c
	}
	var body struct {
		Peers []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"peers"`
	}
	if device.Decode(resp, &body) != nil {
		return c
	}
	stated := scalarString(normalizeValue(c.Args["to"]))
	folded := fold(r.text)
	var named []string
	for _, peer := range body.Peers {
		if peer.ID == stated {
			return c
		}
		if peerNamed(folded, peer.ID, peer.Name) {
			named = append(named, peer.ID)
		}
	}
	if len(named) != 1 {
		return c
	}
	c.Args, c.Grounding = withArg(c.Args, c.Grounding, "to", named[0], SystemState)
	r.readNow = withValue(r.readNow, "to", named[0])
	return c
}

// peerNamed: the folded request names a peer by its id or its name, or by
// the name without its first word when what remains still tells it apart by
// a number ("station 2" of "Pump station 2").
func peerNamed(folded, id, name string) bool {
	if containsWord(folded, fold(id)) {
		return true
	}
	words := strings.Fields(fold(name))
	if len(words) == 0 {
		return false
	}
	if containsWord(folded, strings.Join(words, " ")) {
		return true
	}
	tail := words[1:]
	return len(tail) >= 2 && strings.ContainsAny(strings.Join(tail, " "), "0123456789") && containsWord(folded, strings.Join(tail, " "))
}

// withArg is args and grounding with name set to v, claimed as claim; the
// maps the tier gave are left as they were.
func withArg(args map[string]any, grounding map[string]string, name string, v any, claim string) (map[string]any, map[string]string) {
	a, g := make(map[string]any, len(args)+1), make(map[string]string, len(grounding)+1)
	for k, x := range args {
		a[k] = x
	}
	for k, x := range grounding {
		g[k] = x
	}
	a[name], g[name] = v, claim
	return a, g
}

// withValue is values with name read just now as v.
func withValue(values map[string]any, name string, v any) map[string]any {
	if values == nil {
		values = map[string]any{}
	}
	values[name] = v
	return values
}
