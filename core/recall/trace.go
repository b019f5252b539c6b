package recall

import (
	"fmt"
	"sort"
	"strings"
)

// Trace explains how the tier read text, for a person looking into a
// reading: language, mood, concepts and their weights, numbers, time,
// entities, the decision and the shortlist with scores. It resolves the
// request like Resolve and changes nothing.
func (x *Index) Trace(text string, ctx Context) string {
	res := x.Resolve(text, ctx)
	qr := x.analyse(text, ctx)
	var b strings.Builder
	fmt.Fprintf(&b, "%q\n  lang %s, decision %s", text, res.Lang, res.Decision)
	if res.Thing != "" {
		fmt.Fprintf(&b, ", stops the %s (halt %q)", res.Thing, res.ThingHalt)
	}
	fmt.Fprintf(&b, "\n  mood: read %v (implied %v), act %v, past %v, negated %v, off-errand %v\n", qr.read, qr.readImplied, qr.act, qr.past, qr.neg, qr.off)
	if qr.offWhy != "" {
		fmt.Fprintf(&b, "  off because: %s\n", qr.offWhy)
	}
	if qr.story != nil {
		var story []string
		for i, t := range qr.toks {
			if qr.story[i] {
				story = append(story, t.orig)
			}
		}
		fmt.Fprintf(&b, "  story: %s\n", strings.Join(story, " "))
	}
	cs := make([]string, 0, len(qr.q))
	for c, w := range qr.q {
		cs = append(cs, fmt.Sprintf("%s %.2f", c, w))
	}
	sort.Strings(cs)
	fmt.Fprintf(&b, "  concepts: %s\n", strings.Join(cs, ", "))
	for _, q := range res.Quantities {
		fmt.Fprintf(&b, "  number %v %s from %q\n", q.Value, q.Unit, q.Text)
	}
	if res.When != nil {
		fmt.Fprintf(&b, "  when %s from %q (vague %v, until %v)\n", res.When.At.Format("Mon 2006-01-02 15:04 MST"), res.When.Text, res.When.Vague, res.When.Until)
	}
	for _, e := range res.Entities {
		fmt.Fprintf(&b, "  names %s %s (%q)\n", e.Kind, e.ID, e.Text)
	}
	for _, c := range res.Shortlist {
		fmt.Fprintf(&b, "  %.3f %s %v", c.Score, c.Target, c.Args)
		if len(c.Missing) > 0 {
			fmt.Fprintf(&b, " missing %v", c.Missing)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// offReasons names the rules that make a request off-errand, and the
// words that did, for Trace.
func offReasons(toks []token, markers marks, code, arith, foreign, generic bool) string {
	words := func(m string) string {
		var ws []string
		for _, at := range markers[m] {
			ws = append(ws, toks[at].orig)
		}
		return strings.Join(ws, " ")
	}
	var why []string
	if markers.has("@off") {
		why = append(why, "errand words ("+words("@off")+")")
	}
	if foreign {
		why = append(why, "things not ours ("+strings.TrimSpace(words("@foreign")+" "+words("@others"))+")")
	}
	for _, r := range []struct {
		on   bool
		name string
	}{{code, "code"}, {arith, "arithmetic"}, {generic, "a kind of thing"}} {
		if r.on {
			why = append(why, r.name)
		}
	}
	return strings.Join(why, ", ")
}
