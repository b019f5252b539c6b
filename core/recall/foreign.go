package recall

import (
	"slices"
	"strconv"
	"strings"
)

// foreign: the request names an object this system does not have ("the
// diesel generator", "le silo à chaux", "la oficina"). The packs mark such
// nouns @foreign; one counts only when no target or entity of this system
// uses its concept, so a product that has a generator still finds it. The
// request is then treated like an errand no device serves.
func (x *Index) foreign(cs []conceptTok, markers marks) bool {
	if markers.has("@others") {
		return true // "their pump": whatever else "their" means to a target
	}
	for _, at := range markers["@foreign"] {
		ours := false
		for _, ct := range cs {
			if ct.start <= at && at < ct.end && x.cz.known[ct.c] {
				ours = true
			}
		}
		if !ours {
			return true
		}
	}
	return false
}

// markNamedPlaces marks @foreign a name after a word of place ("start the
// pump at the Millbrook station", "el nivel del depósito en Sevilla",
// "der Pegel in Köln"): a word no pack knows, capitalised inside the
// sentence, after at/in/en/à (an article may stand between), or after
// of/de/von naming an owner ("la station de pompage des Tilleuls"). A place
// by name is somewhere else; this system is here.
func (x *Index) markNamedPlaces(p *pack, toks []token, cs []conceptTok, markers marks) {
	for i := 1; i < len(toks); i++ {
		t := toks[i]
		if t.kind != 'w' || t.used || t.opens || !startsUpper(t.orig) || calendarWord(p, t.text) {
			continue // "changed in January", "am Montag": a time, not a place; "Pumpe aus! Leck …" opens a sentence
		}
		place := func(w string) bool {
			// an owner by name, not an acronym ("el token de API")
			return p.timeSet["locative"][w] || (p.timeSet["genitive"][w] && !allUpper(t.orig))
		}
		prev := i - 1
		if prev > 0 && p.stop[toks[prev].text] && !place(toks[prev].text) {
			prev-- // "at the Millbrook station"
		}
		if !place(toks[prev].text) {
			continue
		}
		if _, _, unit := x.d.units.match(toks, i); unit {
			continue // "Tankfüllstand in Prozent?": a unit, no place
		}
		if x.unknownWord(p, toks, cs, i) {
			markers["@foreign"] = append(markers["@foreign"], i)
		} else if i+1 < len(toks) && toks[i+1].kind == 'w' && startsUpper(toks[i+1].orig) && x.unknownWord(p, toks, cs, i+1) {
			markers["@foreign"] = append(markers["@foreign"], i+1) // "in New York": a name of two words
		}
	}
}

// markNamesAfterSites marks @foreign a name written right after a site
// word or a thing of ours ("der Druck im Werk Augsburg", "der Füllstand im
// Hochbehälter Oberdorf", "the level at plant Millbrook"): a capitalised
// word no pack knows, inside the sentence, not an acronym. This system's
// sites and things need no name.
func (x *Index) markNamesAfterSites(p *pack, toks []token, cs []conceptTok, markers marks) {
	for i := 1; i < len(toks); i++ {
		t, prev := toks[i], toks[i-1]
		if t.kind != 'w' || t.used || t.opens || len(t.text) < 3 || !startsUpper(t.orig) || allUpper(t.orig) || calendarWord(p, t.text) {
			continue
		}
		if prev.kind != 'w' || !adjacentWords(prev, t) || !x.unknownWord(p, toks, cs, i) {
			continue
		}
		if p.sites[prev.text] || x.thingAt(cs, i-1) || (p.compounds && x.headIsThing(p, prev.text)) {
			markers["@foreign"] = append(markers["@foreign"], i)
		}
	}
}

// markNamedOwners marks @foreign a name written before a thing of ours
// ("what's the level in the Hill Road reservoir?", "the Millbrook pump"):
// one or two capitalised words no pack knows, inside the sentence, right
// before the thing. This system's things need no name. German, which
// capitalises every noun, is left to markNamedPlaces.
func (x *Index) markNamedOwners(p *pack, toks []token, cs []conceptTok, markers marks) {
	if p.lang == "de" {
		return
	}
	thingAt := map[int]bool{}
	for _, ct := range cs {
		if x.thingOf[ct.c] != "" && !ct.typo {
			thingAt[ct.start] = true
		}
	}
	name := func(i int) bool {
		t := toks[i]
		return t.kind == 'w' && !t.opens && !t.used && startsUpper(t.orig) && !allUpper(t.orig) && !x.ownNames[t.text] && x.unknownWord(p, toks, cs, i)
	}
	for i := 1; i < len(toks); i++ {
		if !name(i) {
			continue
		}
		next := i + 1
		if next < len(toks) && name(next) {
			next++ // "Hill Road reservoir"
		}
		// "the Hillside station tank": a named site is another one
		if next < len(toks) && (thingAt[next] || toks[next].kind == 'w' && p.sites[toks[next].text] || x.systemWordAt(cs, next)) {
			markers["@foreign"] = append(markers["@foreign"], i)
		}
	}
}

// deniedAt: a negation stands right before toks[i], an article or a
// copula aside ("not ours", "no es la nuestra", "pas la nôtre").
func deniedAt(p *pack, toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		w := toks[k].text
		if cs, ok := lookup(p, w); ok && slices.Contains(cs, "@neg") {
			return true
		}
		if toks[k].kind != 'w' || !(p.definite[w] || p.articles[w] || p.copulas[w]) {
			return false
		}
	}
	return false
}

// systemWordAt: the concept at token i names the system itself ("station").
func (x *Index) systemWordAt(cs []conceptTok, i int) bool {
	system := func(e Entity) bool { return e.Kind == "component" && x.isSystem(e.ID) }
	return slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.start == i && !ct.typo && x.aliasOf(ct.c, system) })
}

// allUpper: every letter of s is a capital ("API", "SCADA").
func allUpper(s string) bool {
	return strings.ToUpper(s) == s
}

// markNumberedSites marks @foreign a site word followed by a number
// ("Plant 2's boiler", "la caldera de la planta 2", "Werk 3"): this system
// is one station; a numbered plant, site or hall is another. The mark is on
// the number, which names no concept of ours (the word "plant" does), and
// the number is no value: it is marked used before numbers are read.
func markNumberedSites(p *pack, units *unitTable, text string, toks []token) (at []int) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind == 'w' && p.sites[toks[i].text] && siteNumber(p, toks, i+1) && !toks[i+1].used && adjacentWords(toks[i], toks[i+1]) &&
			!unitAfter(units, text, toks, i+2) {
			toks[i+1].used = true
			at = append(at, i+1)
		}
		// "the uptime KPI for all ten sites", "unsere drei Werke": sites
		// counted are many, this system is one
		if n, ok := countWord(p, toks[i]); ok && n >= 2 && toks[i+1].kind == 'w' && pluralSite(p, toks[i+1].text) {
			toks[i].used = true
			at = append(at, i)
		}
	}
	return at
}

// unitAfter: a unit is read at toks[i] ("der Station 15 Minuten"): the
// number before it is a value, not a site's. A possessive is no unit
// ("line 4's mixer").
func unitAfter(units *unitTable, text string, toks []token, i int) bool {
	if i >= len(toks) || possessive(text, toks, i) {
		return false
	}
	_, _, ok := units.match(toks, i)
	return ok
}

// siteNumber: toks[i] numbers a site, in digits or a word ("line 3",
// "line three", "Halle zwei"). A word that is also an article ("un",
// "una") or goes on into a longer number ("station two thirds full",
// "two hundred") does not.
func siteNumber(p *pack, toks []token, i int) bool {
	t := toks[i]
	if t.kind == 'n' {
		return true
	}
	n, ok := countWord(p, t)
	if !ok || n < 2 || n > 20 || p.articles[t.text] {
		return false
	}
	if i+1 < len(toks) {
		next := toks[i+1].text
		_, frac := p.frac[next]
		_, fm := p.fracMul[next]
		if p.numberWord(next) || frac || fm || p.connectors[next] {
			return false
		}
	}
	return true
}

// countWord: toks is a count in digits or one number word ("10", "ten").
func countWord(p *pack, t token) (float64, bool) {
	if t.kind == 'n' {
		v, err := strconv.ParseFloat(t.text, 64)
		return v, err == nil
	}
	v, ok := p.nums[t.text]
	return v, ok && t.kind == 'w'
}

// pluralSite: w is a site word of the pack in the plural ("sites",
// "Werke", "plantas", "usines").
func pluralSite(p *pack, w string) bool {
	for _, end := range []string{"s", "e", "es", "en"} {
		if strings.HasSuffix(w, end) && p.sites[w[:len(w)-len(end)]] {
			return true
		}
	}
	return false
}

// markAtPersons marks @foreign a person's title after a word for "at
// someone's place" ("Mets le chauffe-eau à 50 chez Mme Roux", "Starte die
// Pumpe bei Frau Huber"): that person's home is not this station.
func markAtPersons(p *pack, toks []token, markers marks) {
	for i := 1; i < len(toks); i++ {
		if toks[i].kind == 'w' && p.titles[toks[i].text] && toks[i-1].kind == 'w' && p.atPerson[toks[i-1].text] && adjacentWords(toks[i-1], toks[i]) {
			markers["@foreign"] = append(markers["@foreign"], i)
		}
	}
}

// markPossessed marks @foreign a word no pack knows after "my", "mein",
// "mi", "mon" ("my payslip", "mi nómina", "meine Lohnabrechnung"): the
// person's own things are not this system's. "my permissions" and "our
// pump" name what the packs know, and stay; a thing of ours after "my"
// ("Stell meine Heizung auf 22", "mi calentador") is the writer's own,
// someone else's to the station (@others). It returns the words marked:
// in the story they are the person's own affairs ("during my walk-round"),
// not what the request is about.
func (x *Index) markPossessed(p *pack, toks []token, cs []conceptTok, markers marks) (owned []int) {
	for i := 1; i < len(toks); i++ {
		if toks[i].kind != 'w' || !p.possessive[toks[i-1].text] {
			continue
		}
		if _, _, unit := x.d.units.match(toks, i); unit {
			continue // "Tankfüllstand in Prozent?": a unit, no place
		}
		if p.relatives[toks[i].text] && i+1 == len(toks) {
			continue // "…, mon frère?": whom the writer speaks to, no thing
		}
		if x.unknownWord(p, toks, cs, i) {
			markers["@foreign"] = append(markers["@foreign"], i)
			owned = append(owned, i)
		} else if x.thingAt(cs, i) {
			// "set my thermostat to 21", "Stell meine Heizung auf 22":
			// the writer's own heater, not the station's, whatever a
			// target says of heaters
			markers["@others"] = append(markers["@others"], i)
			owned = append(owned, i)
		}
	}
	return owned
}

// markOthersThings marks @others a word of someone else's ("their",
// "leur") before a thing of ours, with at most one word between ("can you
// restart their pump remotely?", "leur vieille pompe"): this system's
// things are nobody else's.
func (x *Index) markOthersThings(p *pack, toks []token, cs []conceptTok, markers marks) {
	for i := 0; i < len(toks); i++ {
		if toks[i].kind != 'w' || !p.others[toks[i].text] {
			continue
		}
		for _, ct := range cs {
			between := ct.start == i+2 && !p.stop[toks[i+1].text] // "their old pump", not "tell her the tank level"
			if (ct.start == i+1 || between) && !ct.typo && x.thingOf[ct.c] != "" {
				markers["@others"] = append(markers["@others"], i)
				break
			}
		}
	}
}

// markGeneric marks @generic an indefinite article before a thing of ours,
// with at most three words between ("how does a reverse osmosis filter
// work?", "Warum kavitiert eine Kreiselpumpe?", "a 12,000 litre tank"):
// a question about a kind of thing is general knowledge, not about this
// system, which has its own pump. An existential or creating word earlier
// in the sentence ("is there a pump fault?", "create a new token") and a
// thing that only qualifies the next word ("a pump fault") do not count.
func (x *Index) markGeneric(p *pack, toks []token, cs []conceptTok, markers marks) {
	exist := false
	for i := 0; i < len(toks); i++ {
		if toks[i].opens {
			exist = false
		}
		if p.existential[toks[i].text] {
			exist = true
		}
		if exist || toks[i].kind != 'w' || !p.indefinite[toks[i].text] {
			continue
		}
	next:
		for _, ct := range cs {
			if ct.start <= i || ct.typo || x.thingOf[ct.c] == "" {
				continue
			}
			words := 0 // between them: "a reverse osmosis filter", "a 12,000 litre tank"
			for k := i + 1; k < ct.start; k++ {
				if p.stop[toks[k].text] || toks[k].opens {
					break next
				}
				if toks[k].kind == 'w' {
					words++
				}
			}
			if words > 3 {
				continue
			}
			for _, o := range cs {
				if o.start == ct.end && (x.df[o.c] > 0 || x.cz.known[o.c]) && !x.action[o.c] {
					break next // "a pump fault"
				}
			}
			markers["@generic"] = append(markers["@generic"], i)
			break
		}
		// "Warum kavitiert eine Kreiselpumpe?": a compound no pack knows
		// whose last part is a thing of ours is a kind of it
		if k := i + 1; k < len(toks) && toks[k].kind == 'w' && p.compounds && x.headIsThing(p, toks[k].text) {
			markers["@generic"] = append(markers["@generic"], i)
		}
	}
}

// headIsThing: w is no word of the pack but ends in one that names a thing
// of ours ("kreiselpumpe", "tauchpumpe").
func (x *Index) headIsThing(p *pack, w string) bool {
	if _, known := lookup(p, w); known {
		return false
	}
	for cut := 3; cut <= len(w)-4; cut++ {
		if cs, ok := lookup(p, w[cut:]); ok && slices.ContainsFunc(cs, func(c string) bool { return x.thingOf[c] != "" }) {
			return true
		}
	}
	return false
}

// unknownWord: toks[i] is a word no pack knows and no target uses, not a
// typo of one.
func (x *Index) unknownWord(p *pack, toks []token, cs []conceptTok, i int) bool {
	for _, ct := range cs {
		if ct.start == i && ct.typo && ct.end == i+1 {
			return true // "du refuge": a guess ("refuse") knows no word
		}
		if ct.start == i && !ct.typo {
			return x.cz.unknown(p, toks[i].text)
		}
	}
	return false
}

// adjacentWords: b follows a after one space ("room 412", not "room: 412"
// nor "room, 4").
func adjacentWords(a, b token) bool {
	return b.start == a.end+1
}

// tellsOnlyOfOthers are the story's clauses that name no thing or value of
// ours, hold no number and do not end in a colon: they tell of people and
// places.
func (x *Index) tellsOnlyOfOthers(text string, toks []token, cs []conceptTok, clause []int, context []bool) map[int]bool {
	out := map[int]bool{}
	for i := range toks {
		if context[i] {
			out[clause[i]] = true
		}
	}
	for _, ct := range cs {
		if x.thingOf[ct.c] != "" || x.entityWord[ct.c] || x.isComponentWord(ct.c) {
			delete(out, clause[ct.start])
		}
	}
	for i, t := range toks {
		last := i+1 == len(toks) || clause[i+1] != clause[i]
		if t.kind == 'n' || (last && strings.HasPrefix(strings.TrimSpace(text[t.end:]), ":")) || (t.text == ":" && last) {
			delete(out, clause[i])
		}
	}
	return out
}

// placeBefore: a word of place or owning stands before toks[i], an article
// aside ("in tank 3", "del depósito 2", "im Becken 3").
func placeBefore(p *pack, toks []token, i int) bool {
	k := i - 1
	if k >= 0 && (p.definite[toks[k].text] || p.articles[toks[k].text]) {
		k--
	}
	return k >= 0 && toks[k].kind == 'w' && p.propertyOf[toks[k].text]
}

// calendarWord: a month or a weekday of the pack.
func calendarWord(p *pack, w string) bool {
	_, month := p.time.Months[w]
	_, day := p.time.Weekdays[w]
	return month || day
}

// markOtherInstances marks @others (another one's, whatever a target
// says of it) a thing of ours named as another one of
// its kind: after an ordinal or "other" ("the second pump house", "die
// andere Pumpe"), or with a number this system has no component for, a
// word following ("pump 2 in the second pump house", "Pumpe 3 im
// Pumpenhaus anhalten"). A number last or before a unit is a value ("valve
// 5", "pump 2 m³/h").
func (x *Index) markOtherInstances(p *pack, toks []token, cs []conceptTok, markers marks) {
	for _, ct := range cs {
		thing := x.thingOf[ct.c]
		if thing == "" || ct.typo {
			continue
		}
		if k := ct.start - 1; k >= 0 && toks[k].kind == 'w' && p.otherOrdinals[toks[k].text] {
			markers["@others"] = append(markers["@others"], ct.start)
			continue
		}
		n := ct.end
		// a number last is a value ("valve 5"), unless a word of place or
		// owning stands before the thing ("the level in tank 3?", "nivel
		// del depósito 2", "im Becken 3"): values follow "to", not "in"
		last := n+1 >= len(toks) || toks[n+1].kind != 'w'
		decimal := n+1 < len(toks) && toks[n+1].kind != 'w' // "2,5": a value
		if n >= len(toks) || toks[n].kind != 'n' || !adjacentWords(toks[n-1], toks[n]) || decimal || last && !placeBefore(p, toks, ct.start) {
			continue
		}
		num, err := strconv.Atoi(toks[n].text)
		if err != nil || num < 2 || num > 12 || x.entityIDs[thing+"-"+toks[n].text] {
			continue
		}
		if !last {
			if _, _, unit := x.d.units.match(toks, n+1); unit || toks[n+1].used {
				continue // a unit or a time read after the number
			}
		}
		markers["@others"] = append(markers["@others"], ct.start)
	}
}

// claimsOurs: the request claims a thing for the station, by a word of the
// pack's ours or of the system's own name right before a thing ("how full
// is OUR tank?", "our level sensor", "the Acme unit"; not "the valve on our
// boiler") or alone ("el filtro de 90 segundos, el nuestro"), or by a
// component's id
// ("pump-1 flow to 150 l/min"). Other equipment it names beside is then a
// comparison or a reason ("forget the fire-water tank", "like the
// boiler", "the second pump house is down"), not its object.
func (x *Index) claimsOurs(p *pack, toks []token, cs []conceptTok, ids []EntityRef) bool {
	for _, e := range ids {
		if e.Kind == "component" {
			return true
		}
	}
	for i, t := range toks {
		if t.kind != 'w' || !p.ours[t.text] && !x.namesUs(p, toks, i) || deniedAt(p, toks, i) {
			continue // "not ours, the one in the upper pump house" claims nothing
		}
		// standing alone ("…, el nuestro, no el de la torre", "the one
		// that's ours"), it claims any thing the request names
		alone := i+1 == len(toks) || toks[i+1].kind != 'w'
		for _, ct := range cs {
			next := ct.start == i+1 || (ct.start == i+2 && toks[i+1].kind == 'w') // "our level sensor"
			if x.thingOf[ct.c] != "" && !ct.typo && (alone || next) {
				return true
			}
		}
	}
	return false
}

// markElsewhere marks @foreign the names of things no station has that the
// pack lists (pack elsewhere), as written: "the espresso machine", "el
// telesilla". A word a target knows at that place stays ours (foreign).
func markElsewhere(p *pack, toks []token, markers marks) {
	if len(p.elsewhere) == 0 {
		return
	}
	words := wordsOf(toks, false)
	for k, i := range words {
		if list := p.elsewhere[toks[i].text]; list != nil {
			if _, ok := phraseAt(toks, words, k, list); ok {
				markers["@foreign"] = append(markers["@foreign"], i)
			}
		}
	}
}

// markOthersProperty marks @foreign an unknown word a value's name belongs
// to ("What's the temperature in FV4?", "la température du tunnel de
// durcissement", "the pressure on the CO2 bottle"), when the request names
// no thing of ours: the value is that other thing's. Articles and one
// other word may stand between ("the temperature of the old kiln").
func (x *Index) markOthersProperty(p *pack, toks []token, cs []conceptTok, markers marks) {
	for _, ct := range cs {
		if x.thingOf[ct.c] != "" && !ct.typo {
			return // "the temperature in the heater", "el nivel del depósito"
		}
	}
	for _, ct := range cs {
		if !x.valueWord[ct.c] || ct.typo {
			continue
		}
		k := ownerAfter(p, toks, ct.end, func(w string) bool { return p.stop[w] || p.articles[w] })
		if k >= 0 && toks[k].kind == 'w' && x.unknownWord(p, toks, cs, k) {
			markers["@foreign"] = append(markers["@foreign"], k)
		}
	}
}

// markOthersThing marks @others a thing of ours followed by a word of pack
// propertyOf and a place or thing not ours ("la calefacción de la oficina",
// "le chauffage de sa chambre", "the heating in the canteen"): that place's
// heating, not the station's heater.
func (x *Index) markOthersThing(p *pack, toks []token, cs []conceptTok, markers marks) {
	alien := map[int]bool{}
	for _, m := range []string{"@off", "@foreign"} {
		for _, at := range markers[m] {
			alien[at] = true
		}
	}
	for _, ct := range cs {
		if x.thingOf[ct.c] == "" || ct.typo {
			continue
		}
		k := ownerAfter(p, toks, ct.end, func(w string) bool { return p.stop[w] || p.possessive[w] || p.others[w] })
		// "le chauffe-eau de M. Diallo": a person's, by a title
		// or a relative's ("die Pumpe vom Nachbarn")
		titled := k >= 0 && slices.ContainsFunc(toks[ct.end+1:k+1], func(t token) bool { return t.kind == 'w' && (p.titles[t.text] || p.relatives[t.text]) })
		if k >= 0 && (alien[k] || titled || x.unknownOwner(p, toks, cs, k, x.thingOf[ct.c])) {
			markers["@others"] = append(markers["@others"], ct.start)
		}
	}
}

// markThingThere marks @foreign a thing of ours followed by a word of
// pointing away ("bitte die Pumpe dort neu starten", "the tank over
// there", "la pompe là-bas"; pack thereWords): the Core is not anywhere a
// person could point at, so that is a thing somewhere else.
func (x *Index) markThingThere(p *pack, toks []token, cs []conceptTok, markers marks) {
	words := wordsOf(toks, false)
	at := wordIndex(words)
	for _, ct := range cs {
		if x.thingOf[ct.c] == "" || ct.typo || !x.hasComponent(x.thingOf[ct.c]) {
			continue
		}
		if n, ok := at[ct.end]; ok && adjacentWords(toks[ct.end-1], toks[ct.end]) {
			if _, there := phraseAt(toks, words, n, p.thereWords); there {
				// on the pointing word, so a story that points away ("the
				// reservoir up there is dropping") stays the story's
				markers["@foreign"] = append(markers["@foreign"], ct.end)
			}
		}
	}
}

// unknownOwner: the word at k, after a part of ours (thing) and "of",
// "in", "del", is a noun no pack knows ("la bomba sumergible del rajo",
// "the pump in sump 4", "die Überlaufpumpe vom Absetzbecken"): that place's
// or machine's part. Not a unit or a time ("in Prozent"), nor a word that
// qualifies the noun after it ("the heater on the liquor tank", "at odd
// hours"), and only for the parts the system has as components: a report
// or a sensor "of" something is still ours.
func (x *Index) unknownOwner(p *pack, toks []token, cs []conceptTok, k int, thing string) bool {
	if toks[k].used || !x.hasComponent(thing) || !x.unknownWord(p, toks, cs, k) {
		return false
	}
	if _, _, unit := x.d.units.match(toks, k); unit {
		return false
	}
	if n := k + 1; n < len(toks) && toks[n].kind == 'w' && !p.stop[toks[n].text] && !x.cz.unknown(p, toks[n].text) {
		return false
	}
	return true
}

// hasComponent: one of the system's components is a thing (pump-1).
func (x *Index) hasComponent(thing string) bool { return len(x.kinds[thing]) > 0 }

// dropWritersPlace leaves out a thing not ours that tells where the writer
// is ("Thanks, I'll be in the control room", "je suis dans la salle de
// contrôle"): a first-person word, then a word of place (pack locative)
// before it in its sentence, at most five words back.
func dropWritersPlace(p *pack, toks []token, markers marks) {
	markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool {
		place := false
		for k, n := at-1, 0; k >= 0 && n < 6 && !toks[k+1].opens; k-- {
			if toks[k].kind != 'w' {
				continue
			}
			n++
			switch {
			case p.timeSet["locative"][toks[k].text] && at-k <= 3 && (at-k == 1 || p.stop[toks[at-1].text]):
				place = true // "in the control room", not "on a deux camions"
			case p.firstPerson[toks[k].text]:
				return place
			}
		}
		return false
	})
}

// dropSendersPlace leaves out a thing not ours that tells where a request
// comes from, in a heading before a colon ("quick question from the office:
// how full is the tank?", "Frage vom Büro: …"): a word of place
// (locative) at most four words into the request stands before it, and a
// colon follows it within two words.
func dropSendersPlace(p *pack, toks []token, markers marks) {
	markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool {
		colon := false
		for k := at + 1; k < len(toks) && k <= at+3; k++ {
			if toks[k].kind == 's' {
				colon = toks[k].text == ":"
				break
			}
		}
		if !colon {
			return false
		}
		words := 0
		for k := 0; k < at; k++ {
			if toks[k].kind != 'w' {
				return false // one heading: no mark before it
			}
			if words++; words > 5 {
				return false
			}
		}
		for k := at - 1; k >= 0 && k >= at-3; k-- {
			if p.timeSet["locative"][toks[k].text] {
				return true
			}
		}
		return false
	})
}

// ownerAfter is the token a value or a thing ending at end belongs to: after
// a word of pack propertyOf ("in", "du", "am") and at most three words skip
// lets pass (articles, possessives), or -1.
func ownerAfter(p *pack, toks []token, end int, skip func(w string) bool) int {
	k := end
	if k >= len(toks) || toks[k].kind != 'w' || !p.propertyOf[toks[k].text] {
		return -1
	}
	for k++; k < len(toks) && toks[k].kind == 'w' && skip(toks[k].text) && k < end+4; k++ {
	}
	if k >= len(toks) || slices.ContainsFunc(toks[end+1:k+1], func(t token) bool { return t.opens }) {
		return -1 // "turn the pump on please? we're year 5": the next sentence owns nothing
	}
	return k
}

// forAfterValue: the other thing at toks[at] is whom a value is for, not
// the object of the request: a word of pack purpose stands before it
// (articles and at most two other words between) right after a number
// ("set the heater to 95 for the laundry", "à 0,5 l/s pour la ligne des
// enneigeurs"), with no thing of ours between.
func (x *Index) forAfterValue(p *pack, toks []token, cs []conceptTok, at int) bool {
	j := at - 1
	for words := 0; j >= 0 && toks[j].kind == 'w' && !p.purpose[toks[j].text]; j-- {
		if !p.stop[toks[j].text] && !p.articles[toks[j].text] {
			if words++; words > 2 {
				return false
			}
		}
	}
	if j < 1 || !p.purpose[toks[j].text] {
		return false
	}
	for k := j - 1; k >= 0 && k >= j-4; k-- {
		if x.thingAt(cs, k) {
			return false
		}
		if toks[k].kind == 'n' {
			return true
		}
	}
	return false
}
