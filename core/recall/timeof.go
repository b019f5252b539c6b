package recall

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// markQuestionsOfOthers marks @off a question of when or who about
// something else ("what time is the blast today?", "¿a qué hora cierra el
// zoo hoy?", "wie spät ist es in Tokio?", "who's on the loader this arvo?"):
// a word no pack knows in the question's clause, with nothing of this
// system named there, is the event, the place or the job asked about; the
// station's clock and crew are neither. "what time is it?", "what time does
// the backflush run?" and "who changed the heater setpoint?" stay reads.
// The openers are the packs' timeOf and whoOf.
func (x *Index) markQuestionsOfOthers(p *pack, toks []token, cs []conceptTok, clause []int, markers marks) {
	words := wordsOf(toks, false)
	for _, openers := range [][][]string{p.timeOf, p.whoOf} {
		for k, i := range words {
			ph, ok := phraseAt(toks, words, k, openers)
			if !ok {
				continue
			}
			if other := x.otherAsked(p, toks, cs, clause, clause[i], words[k+len(ph):]); other >= 0 {
				markers["@off"] = append(markers["@off"], other)
			}
		}
	}
}

// otherAsked is the first word no pack knows among words in clause k, or -1
// when the clause names a thing, the system or an entity of ours.
func (x *Index) otherAsked(p *pack, toks []token, cs []conceptTok, clause []int, k int, words []int) int {
	other, deed := -1, false
	for _, j := range words {
		if clause[j] != k {
			break
		}
		if x.thingAt(cs, j) || x.systemWordAt(cs, j) {
			return -1 // "what time does the pump start?"
		}
		deed = deed || x.namesEntityAt(cs, j)
		if other < 0 && len(toks[j].text) > 2 && !p.stop[toks[j].text] && (x.unknownWord(p, toks, cs, j) || x.unusedWordAt(cs, j)) {
			other = j
		}
	}
	if deed && other < 0 {
		return -1 // "when does the restart happen?": a deed or a value of ours is asked about
	}
	return other // "what time does the tower close tonight?": another's deed
}

// unusedWordAt: the word at token i has a meaning, but no target of the
// Map uses it, and it names nothing of ours ("the tower", "el zoo").
func (x *Index) unusedWordAt(cs []conceptTok, i int) bool {
	found := false
	for _, ct := range cs {
		if ct.start <= i && i < ct.end {
			if ct.typo || x.df[ct.c] > 0 || x.entityWord[ct.c] || x.thingOf[ct.c] != "" || strings.HasPrefix(ct.c, "@") {
				return false
			}
			found = true
		}
	}
	return found
}

// namesEntityAt: the concept at token i is a word of an entity or a deed
// of a target of ours ("the backflush", "the schedule", "close"), which may
// be another's too.
func (x *Index) namesEntityAt(cs []conceptTok, i int) bool {
	for _, ct := range cs {
		if ct.start <= i && i < ct.end && !ct.typo && (x.entityWord[ct.c] || x.df[ct.c] > 0 && x.action[ct.c]) {
			return true
		}
	}
	return false
}

// whoLater: the request asks who, for a time to come, of nothing of this
// system ("Wer melkt heute Abend?", "qui est de nuit jeudi ?"): a rota's
// question, in words no target uses besides "who". This system records
// who did what, not who will.
func (x *Index) whoLater(cs []conceptTok, when *TimeExpr, now time.Time) bool {
	if when == nil || !when.At.After(now) {
		return false
	}
	who := false
	for _, ct := range cs {
		switch {
		case containsStr(x.d.concepts.Person, ct.c):
			who = true
		case !ct.typo && (x.df[ct.c] > 0 || x.entityWord[ct.c]):
			return false // "… and who decided it? the rhythm thing"
		}
	}
	return who
}

// asksLongAgo: the request asks about a year gone by (longAgo), with no
// number of its quantities taken for a year and no target that takes a
// date named.
func (x *Index) asksLongAgo(p *pack, toks []token, cs []conceptTok, qs []Quantity, now time.Time) bool {
	return longAgo(p, toks, now, func(i int) bool { return quantityAt(qs, toks[i]) }) && !x.namesDated(cs)
}

// namesDated: a word of a target that takes a date is said ("the daily
// report for 2025-01-14"): that target answers for any day.
func (x *Index) namesDated(cs []conceptTok) bool {
	return slices.ContainsFunc(cs, func(ct conceptTok) bool { return !ct.typo && x.datedWords[ct.c] && x.df[ct.c] <= 2 })
}

// takesDate: one of t's arguments is a date.
func takesDate(t *tgt) bool {
	for _, a := range t.Args {
		if a.Type == "date" {
			return true
		}
	}
	return false
}

// longAgo: a question about a year gone by ("what was the tank level on
// the 3rd of March last year", "la température de l'eau en janvier
// 2018"): no device keeps its values, its Rhythm or its logs that long, so
// it is nothing this system can answer. A number already read as a
// quantity ("mixer to 2000 rpm") is no year.
func longAgo(p *pack, toks []token, now time.Time, q func(i int) bool) bool {
	if _, ok := firstPhrase(p.longAgo, toks, func(int) bool { return true }); ok {
		return true
	}
	for i, t := range toks {
		if t.kind != 'n' || len(t.text) != 4 || q(i) {
			continue
		}
		if y, err := strconv.Atoi(t.text); err == nil && y >= 1950 && y < now.Year() {
			return true
		}
	}
	return false
}

// quantityAt: t is the number of one of qs with a unit ("2000 rpm").
func quantityAt(qs []Quantity, t token) bool {
	for _, q := range qs {
		if q.Unit != "" && q.Start <= t.start && t.end <= q.End {
			return true
		}
	}
	return false
}

// recordActedOn: a deed done to a record comes before the record's word in
// the same sentence ("cancel the backflush that's scheduled for tonight",
// "deny the pending drain request"); it returns the record's and the
// deed's concept, the first record of the list when there are two. A deed
// in a participle is told, not asked ("actions approuvées ou refusées").
func (x *Index) recordActedOn(p *pack, qr *query, toks []token) (recordDeeds, string) {
	for _, r := range x.d.concepts.Records {
		sp, ok := qr.span[r.Record]
		if !ok {
			continue
		}
		for _, d := range r.Deeds {
			if u, ok := qr.span[d]; ok && (u[0] < sp[0] || containsStr(r.After, d)) && sentenceOf(toks, u[0]) == sentenceOf(toks, sp[0]) && !x.otherDeedAt(qr, d, u) && !x.ownObjectBetween(qr, d, r.Record) && !participle(p, toks[u[0]].orig) {
				return r, d
			}
		}
	}
	return recordDeeds{}, ""
}

// ownObjectBetween: a word between the deed and the record names what the
// deed is done to elsewhere, not to the record ("Revoca el token tok-5, era
// del técnico que ya no trabaja": the token is revoked; "trabaja" is no
// Action): some text has the deed and that word, without the record's.
func (x *Index) ownObjectBetween(qr *query, deed, record string) bool {
	from, to := qr.span[deed][1], qr.span[record][0]
	if to < from {
		from, to = qr.span[record][1], qr.span[deed][0] // "that drain request, deny it"
	}
	for c, sp := range qr.span {
		if c == deed || x.isRecord(c) || sp[0] < from || sp[0] >= to {
			continue // "cancela la tarea programada": a record's word qualifies the record
		}
		for _, di := range x.post[deed] {
			if cs := x.docs[di].concepts; containsStr(cs, c) && !containsStr(cs, record) {
				return true
			}
		}
	}
	return false
}

func (x *Index) isRecord(c string) bool {
	return slices.ContainsFunc(x.d.concepts.Records, func(r recordDeeds) bool { return r.Record == c })
}

// otherDeedAt: the words at span u also mean another deed than c ("vacía"
// is to drain as well as to delete).
func (x *Index) otherDeedAt(qr *query, c string, u [2]int) bool {
	for d, sp := range qr.span {
		if d != c && sp == u && x.action[d] {
			return true
		}
	}
	return false
}
