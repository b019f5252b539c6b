package recall

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
)

// doc is one text of a target (a phrase, its title, its id) as concepts.
type doc struct {
	target   int32
	concepts []string
	weight   float64 // phrases 1, other text and ids less
	mass     float64 // sum of the concepts' idf
	read     bool    // the text asks ("what is", "show"): not a fit for a request to act
	self     bool    // the text is about the caller ("what can I do here", "my permissions")
	past     bool    // the text asks about what was ("what has left the system")
	// undone are the deeds a text takes back ("undo the brain cut": cut),
	// so saying one of them without a word of taking back ("cut the
	// brain") fits the text less
	undone []string
}

// tgt is a target with what Build worked out about it.
type tgt struct {
	Target
	docs      []int32
	argUnits  []string // canonical unit per arg ("" none)
	argEntity []string // entity kind per arg ("" none)
	enums     [][][]string
	numeric   int // number of numeric args
	thing     string
	direction int // which way a command moves what it sets (direction.go), found at Build
}

// Index is the Recall tier's index over the targets and entities of one
// System Map. It is immutable after Build and safe for concurrent Resolve.
type Index struct {
	opts      Options
	d         *data
	cz        *conceptizer
	targets   []tgt
	byID      map[string]int
	byLowerID map[string]int // operation ids as a word ("getpulse")
	docs      []doc
	post      map[string][]int32 // concept -> docs
	df        map[string]int     // concept -> number of targets
	dfAct     map[string]int     // concept -> number of targets with a text that does (not asks) it
	entities  []entityIdx
	// systemParts: components an alias of which says "system": the system
	// itself ("reboot the controller")
	systemParts map[string]bool
	// kinds: the things the system has as components, each with their
	// numbers ("pump" -> ["1"] from pump-1), for tags and owners
	kinds      map[string][]string
	byKind     map[string][]int // entity kind -> targets with an arg of that kind
	things     map[string]string
	halts      map[string]string // thing -> its halt target
	thingOf    map[string]string // concept -> thing
	entityIDs  map[string]bool
	exact      map[string][]int // a phrase as written (normalised) -> targets
	entityWord map[string]bool  // concepts that name some entity
	valueWord  map[string]bool  // concepts of the aliases of properties with a unit ("temperature", "Druck")
	// entByConcept: concept -> the entities (indices into entities) with an
	// alias whose rarest concept it is, so a request is matched only
	// against those
	entByConcept map[string][]int
	cmdsOf       map[string][]int // thing -> its commands
	ownNames     map[string]bool  // words of the system's own name ("acme"), names.go
	datedWords   map[string]bool  // concepts of the targets that take a date (namesDated)
	action       map[string]bool
	haltC        map[string]bool
	stopOnly     map[string]bool
	n            float64
}

// Build indexes the targets and entities. Target ids must be unique.
func Build(targets []Target, entities []Entity, opts Options) (*Index, error) {
	d, err := load()
	if err != nil {
		return nil, err
	}
	x := &Index{
		opts: opts.withDefaults(), d: d, cz: newConceptizer(d), byID: map[string]int{}, byLowerID: map[string]int{},
		post: map[string][]int32{}, df: map[string]int{}, byKind: map[string][]int{},
		entityIDs: map[string]bool{}, exact: map[string][]int{}, cmdsOf: map[string][]int{}, things: map[string]string{}, halts: map[string]string{}, thingOf: map[string]string{},
		action: map[string]bool{}, haltC: map[string]bool{}, stopOnly: map[string]bool{},
	}
	for _, c := range d.concepts.StopOnly {
		x.stopOnly[c] = true
	}
	for _, c := range d.concepts.Action {
		x.action[c] = true
	}
	for _, c := range d.concepts.Halt {
		x.haltC[c] = true
	}
	for i, t := range targets {
		if t.ID == "" {
			return nil, fmt.Errorf("recall: target %d has no id", i)
		}
		if _, dup := x.byID[t.ID]; dup {
			return nil, fmt.Errorf("recall: duplicate target %q", t.ID)
		}
		x.byID[t.ID] = i
		if t.Kind == "operation" {
			x.byLowerID[strings.ToLower(t.ID)] = i
		}
		x.addTarget(t)
	}
	x.namePaths()
	x.dfAct, x.datedWords = map[string]int{}, map[string]bool{}
	for i, t := range x.targets {
		dated := takesDate(&x.targets[i])
		for _, c := range x.targetConcepts(t) {
			x.df[c]++
			x.datedWords[c] = x.datedWords[c] || dated
		}
		// the words of texts that do something, not of those that ask
		// ("list the actions waiting for approval" approves nothing)
		seen := map[string]bool{}
		for _, di := range t.docs {
			if x.docs[di].read {
				continue
			}
			for _, c := range x.docs[di].concepts {
				if !seen[c] {
					seen[c] = true
					x.dfAct[c]++
				}
			}
		}
	}
	x.n = float64(len(x.targets))
	for i := range x.docs {
		for _, c := range x.docs[i].concepts {
			x.docs[i].mass += x.idf(c)
		}
	}
	known := map[string]bool{}
	for c := range x.post {
		x.cz.known[c] = true
		known[c] = true
	}
	defaults := map[string][]string{}
	if !opts.NoDefaultAliases {
		for _, e := range d.acme {
			defaults[e.Kind+" "+e.ID] = e.Aliases
		}
	}
	x.ownNames = map[string]bool{}
	for _, e := range entities {
		if e.Kind == KindSystemName {
			x.addOwnName(e.ID) // names.go
			continue
		}
		x.entityIDs[e.ID] = true
		if extra := defaults[e.Kind+" "+e.ID]; len(extra) > 0 {
			e.Aliases = append(append([]string(nil), e.Aliases...), extra...)
		}
		ei := x.cz.indexEntity(e)
		if cu := d.units.canonical(e.Unit); cu != "" && e.Kind == "property" {
			// "how many litres are in the tank", "mit wieviel Umdrehungen":
			// a unit named without a number names the property measured in it
			uc := unitConcept(cu)
			ei.aliases = append(ei.aliases, []string{uc})
			if thing, _, ok := strings.Cut(e.ID, "."); ok {
				ei.aliases = append(ei.aliases, append(x.cz.textConcepts(thing), uc))
			}
		}
		x.entities = append(x.entities, ei)
	}
	x.systemParts, x.kinds = map[string]bool{}, map[string][]string{}
	for _, ei := range x.entities {
		if name, num, ok := strings.Cut(ei.e.ID, "-"); ei.e.Kind == "component" && ok {
			x.kinds[name] = append(x.kinds[name], num)
		}
		for _, a := range ei.aliases {
			if containsStr(a, "system") {
				x.systemParts[ei.e.ID] = true
			}
		}
	}
	x.entityWord = map[string]bool{}
	x.valueWord = map[string]bool{}
	x.entByConcept = map[string][]int{}
	aliasUse := map[string]int{} // how many aliases use a concept
	for _, ei := range x.entities {
		for _, a := range ei.aliases {
			for _, c := range a {
				aliasUse[c]++
			}
		}
	}
	for i, ei := range x.entities {
		for _, a := range ei.aliases {
			// an alias is present only if its rarest concept is: index it
			// there ("set" is in thousands of titles, "ramp" in a few)
			rare := ""
			for _, c := range a {
				if rare == "" || aliasUse[c] < aliasUse[rare] || (aliasUse[c] == aliasUse[rare] && c < rare) {
					rare = c
				}
			}
			if l := x.entByConcept[rare]; rare != "" && (len(l) == 0 || l[len(l)-1] != i) {
				x.entByConcept[rare] = append(l, i)
			}
			for _, c := range a {
				x.entityWord[c] = true
				known[c] = true
				x.cz.known[c] = true
				if ei.e.Kind == "property" && ei.e.Unit != "" && x.thingOf[c] == "" {
					x.valueWord[c] = true
				}
			}
		}
	}
	for _, t := range x.targets {
		if t.thing == "" {
			continue
		}
		for _, c := range x.cz.textConcepts(t.thing) {
			x.thingOf[c] = t.thing
			x.cz.things[c] = true
		}
	}
	x.cz.finishVocab(known)
	for i := range x.targets {
		x.targets[i].direction = x.direction(&x.targets[i])
	}
	return x, nil
}

func (x *Index) targetConcepts(t tgt) []string {
	seen := map[string]bool{}
	var out []string
	for _, di := range t.docs {
		for _, c := range x.docs[di].concepts {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// stripPlaceholders removes "{name}" from a phrase.
func stripPlaceholders(s string) string {
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s, '}')
		if i < 0 || j < i {
			return s
		}
		s = s[:i] + " " + s[j+1:]
	}
}

func (x *Index) addTarget(t Target) {
	ti := int32(len(x.targets))
	tg := tgt{Target: t, thing: t.Thing}
	if t.Kind == "command" && tg.thing == "" {
		// com.acme.pump.set_flow -> pump
		if parts := strings.Split(t.ID, "."); len(parts) >= 2 {
			tg.thing = parts[len(parts)-2]
		}
	}
	addDoc := func(text string, w float64) {
		text = stripPlaceholders(text)
		if n := Normalize(text); n != "" && w == 1 {
			x.exact[n] = append(x.exact[n], int(ti))
		}
		cts, markers := x.cz.analyse(x.d.packs["en"], tokenize(text), false, false)
		cs := uniqConcepts(cts)
		if len(cs) == 0 {
			return
		}
		di := int32(len(x.docs))
		x.docs = append(x.docs, doc{target: ti, concepts: cs, weight: w, read: markers.has("@read"), self: markers.has("@self"), past: markers.has("@past"),
			undone: x.undone(cs)})
		tg.docs = append(tg.docs, di)
		for _, c := range cs {
			x.post[c] = append(x.post[c], di)
		}
	}
	for _, p := range t.Phrases {
		addDoc(p, 1)
	}
	for _, s := range t.Text {
		addDoc(s, 0.9)
	}
	id := t.ID
	if t.Kind == "command" {
		if parts := strings.Split(id, "."); len(parts) > 2 {
			id = strings.Join(parts[len(parts)-2:], " ")
		}
		addDoc(idWords(id), 0.9)
	} else {
		addDoc(idWords(id), 0.75)
	}
	for _, a := range t.Args {
		u := x.d.units.argUnit(a)
		tg.argUnits = append(tg.argUnits, u)
		kind := a.Entity
		if kind == "" {
			kind = x.d.concepts.ArgEntities[t.ID+"."+a.Name]
		}
		tg.argEntity = append(tg.argEntity, kind)
		if kind != "" {
			x.byKind[kind] = append(x.byKind[kind], int(ti))
		}
		var ev [][]string
		for _, v := range a.Enum {
			ev = append(ev, x.cz.textConcepts(idWords(v)))
		}
		tg.enums = append(tg.enums, ev)
		if isNumeric(a) && kind == "" && len(a.Enum) == 0 {
			tg.numeric++
		}
	}
	if t.Halt && tg.thing != "" {
		x.halts[tg.thing] = t.ID
	}
	if tg.thing != "" && t.Kind == "command" {
		x.cmdsOf[tg.thing] = append(x.cmdsOf[tg.thing], int(ti))
	}
	if tg.thing != "" {
		if _, ok := x.things[tg.thing]; !ok {
			x.things[tg.thing] = ""
		}
	}
	x.targets = append(x.targets, tg)
}

// fit weighs how well a phrase's manner suits the request's: "how has the
// flow changed" is no answer to "change the flow", and "what can I do
// here" is about the caller, so "what can this system do" fits it less
// than "what can it do"; "undo the brain cut" is no answer to "cut the
// brain" (reversing: the words of taking back).
func (dc *doc) fit(qr *query, reversing []string) float64 {
	f := 1.0
	if dc.read && qr.act && !qr.read {
		f *= 0.8
	}
	if dc.self != qr.self {
		f *= 0.95
	}
	if len(dc.undone) > 0 && saysAny(qr, dc.undone) && !saysAny(qr, reversing) {
		f *= 0.75
	}
	return f
}

// dottedWords are the words of text written with two dots or more
// ("com.acme.tank.fill"), punctuation around them left out: the only words
// that can be a definition's full name. Most requests have none, so the
// definitions are not searched for at all.
func dottedWords(text string) map[string]bool {
	var out map[string]bool
	for _, f := range strings.Fields(text) {
		f = strings.Trim(f, "\"'?!,;:()[]{}«»¿¡.")
		if strings.Count(f, ".") >= 2 {
			if out == nil {
				out = map[string]bool{}
			}
			out[f] = true
		}
	}
	return out
}

// ShortName is a definition's name without its maker's prefix
// (com.acme.pump.set_flow -> pump.set_flow), or "" when it has none.
func ShortName(name string) string {
	parts := strings.Split(name, ".")
	if len(parts) <= 2 {
		return ""
	}
	return strings.Join(parts[len(parts)-2:], ".")
}

// undone are the deeds a text's concepts take back: the action concepts
// after its first word of taking back ("undo the brain cut": cut; not
// "cancel the trial and undo its change", whose cancel is its own deed).
func (x *Index) undone(cs []string) []string {
	var taken bool
	var deeds []string
	for _, c := range cs {
		switch {
		case containsStr(x.d.concepts.Reversing, c):
			taken = true
		case taken && containsStr(x.d.concepts.Action, c):
			deeds = append(deeds, c)
		}
	}
	return deeds
}

// entitiesOf are the entities with an alias whose rarest concept is in q,
// in their order: the inverted index keeps matching sublinear in the Map.
func (x *Index) entitiesOf(q map[string]float64) []entityIdx {
	var idx []int
	for c := range q {
		idx = append(idx, x.entByConcept[c]...)
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	out := make([]entityIdx, len(idx))
	for k, i := range idx {
		out[k] = x.entities[i]
	}
	return out
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func isNumeric(a Arg) bool { return a.Type == "number" || a.Type == "integer" }

// idf is the weight of a concept: rare concepts say more.
func (x *Index) idf(c string) float64 {
	df := x.df[c]
	if df == 0 {
		return math.Log(1 + x.n + 1) // a word no target uses still counts against every target
	}
	return math.Log(1 + x.n/float64(df))
}

// Len is the number of targets.
func (x *Index) Len() int { return len(x.targets) }

// query is a request after analysis.
type query struct {
	text string
	toks []token
	lang string
	q    map[string]float64 // concept -> weight
	span map[string][2]int
	mass float64
	read bool
	// readImplied: no word asks or acts, the request only names things
	readImplied bool
	act         bool
	halt        bool
	when        *TimeExpr
	qty         []Quantity
	ents        []entityMatch
	idEnts      []EntityRef
	thing       string
	nudge       bool // "a bit", "etwas", "un poco": a change by an amount not said
	hasThng     bool
	// a product command sets the property the request names ("set the
	// flow"): the generic putProperty gives way to it
	neg           bool      // "don't", "nicht", "no", "ne ... pas"
	all           bool      // "all", "every", "alle", "todos", "tous": the list, not one
	past          bool      // "all night", "yesterday", "since 6", "over the last hour": asks about what was
	extreme       string    // "@zero" ("close the valve", "cierra"), "@full" ("all the way open"): a percentage in words
	off           bool      // words of requests no device serves: order, price, weather, joke, ...
	foreign       bool      // the request's own clause names an object this system does not have
	scheduled     bool      // a change asked for with the word schedule
	spanBack      bool      // a length of time up to now ("the last two hours")
	record        string    // the record a deed acts on (schedule, action, alert)
	recordTimed   bool      // and it holds a time: the time said names it, and is no time to act
	eventTimed    bool      // a change timed by an event told as a noun ("after the lunch break")
	pretext       bool      // "ignore all previous instructions", "no confirmation needed"
	hypothetical  bool      // "what would happen if I restart it?", "is it safe to drain the tank?"
	recurring     bool      // "every day at 6", "Montag bis Freitag": again and again
	why           bool      // "why did the pump stop?": the cause of a change is asked
	code          bool      // shell, SQL or JSON in the request (HTML is blanked before)
	calibrating   bool      // "calibrate the level sensor, it reads 5% high"
	stopsAutonomy bool      // "stop all automatic actions, I'm working on the valve"
	bareWhen      *TimeExpr // "at 6" alone: a time for a change that takes no number
	self          bool      // "I", "my", "mich", "moi": the caller speaks of themself
	it            bool      // a pronoun that may stand for a thing ("turn it off")
	quote         string    // text to pass on ("… saying the tank is full")
	holder        string    // whom a new credential is for, as a name ("night-shift")
	whyPast       bool      // asks why a thing changed, in the past tense
	now           time.Time
	specific      bool
	specificCmds  []int
	idents        []string // identifiers written in the request ("E42", "low-level-refill")
	idKinds       []string // concepts of the nouns right before identifiers ("alert al-17": alert)
	named         []int    // operations named by their id or path ("getPulse", "GET /heart/v1/faults")
	story         []bool   // tokens that tell the situation, not the request
	offWhy        string   // which rule made the request off-errand (for Trace)
}

func (x *Index) analyse(text string, ctx Context) *query {
	text = blankMail(blankMarkup(text), x.frameOf, x.knownAnywhere)
	toks := tokenize(text)
	// the clauses depend on the text and the tokens' offsets only, which
	// no later step changes: numbered once for every rule that needs them
	clause := clauseOf(text, toks)
	lang := ctx.Lang
	if _, ok := x.d.packs[lang]; !ok || lang == "" {
		lang = ""
	}
	lang = detect(x.d, text, toks, lang)
	p := x.d.packs[lang]
	standardWords(p, toks)
	markDataValve(p, toks)
	markParticiples(p, toks)
	restoreDroppedG(p, text, toks)
	qr := &query{text: text, toks: toks, lang: lang, q: map[string]float64{}, span: map[string][2]int{}}
	qr.idEnts = x.markIDs(p, text, toks)
	byPath, pathIDs, pathAt := x.namedByPath(text, toks)
	byID, idAt := x.markOperationIDs(toks)
	qr.named = append(byID, byPath...)
	namedAt := append(idAt, pathAt...)
	markTitled(p, toks)
	markLabels(p, text, toks)
	markIdioms(p, toks)
	markPronounOne(p, toks, clause)
	x.cz.spell(p, toks)
	messaging := func(w string) bool {
		return wordMeans(p, w, func(c string) bool { return containsStr(x.d.concepts.Messaging, c) })
	}
	qr.quote = quoted(p, text, toks, messaging, func(w string) bool {
		return wordMeans(p, w, func(c string) bool { return containsStr(x.d.concepts.Sending, c) })
	})
	qr.holder = holderName(p, text, toks, func(w string) bool {
		return wordMeans(p, w, func(c string) bool { return containsStr(x.d.concepts.Credentials, c) })
	}, func(w string) bool {
		cs, _ := x.cz.wordConcepts(p, w, false)
		return slices.ContainsFunc(cs, func(c string) bool { return containsStr(x.d.concepts.Creating, c) })
	}, func(w string) bool { return wordMeans(p, w, func(c string) bool { return x.action[c] }) })
	markNames(text, toks, func(w string) bool { return x.isTerm(p, w) })
	x.markRuleBody(p, toks)
	// "good morning, ...": a greeting is no time, and names nothing
	greetEnd, _ := greeting(p, text, toks)
	for k := range greetEnd {
		toks[k].used = true
	}
	signOff(p, toks, func(w string) bool { return x.namesOrActs(p, w) })
	var sites []int
	if !slices.ContainsFunc(toks, func(t token) bool { return t.kind == 'w' && messaging(t.text) }) {
		// a message goes to another system: "pump station 2" is its
		// recipient there, not another site the request is about
		sites = markNumberedSites(p, x.d.units, text, toks)
	}
	markUUIDs(text, toks) // before numbers: "11111111-2222-4333-8444-555555555555" is one id
	qr.recurring = markRecurring(p, toks)
	nums := parseNumbers(toks, p)
	arith := x.arithmetic(toks, nums)
	now := ctx.Now
	if now.IsZero() {
		now = time.Unix(0, 0)
	}
	beforeTime := slices.Clone(toks)
	qr.when = parseTime(text, toks, nums, p, x.d.units, now, ctx.Loc)
	if qr.when != nil && qr.when.bare {
		qr.bareWhen, qr.when = qr.when, nil
	}
	if en := x.d.packs["en"]; qr.when == nil && p != en {
		// English mixed in: "Reinicia el sistema this Sunday night"; of
		// several words, so a word of a name ("playbook night-flush") is
		// no time
		try := slices.Clone(toks)
		if w := parseTime(text, try, nums, en, x.d.units, now, ctx.Loc); w != nil && !w.bare && strings.Contains(w.Text, " ") {
			qr.when = w
			copy(toks, try)
		}
	}
	qr.now = now
	taken := takenTokens(toks) // by a time, a site's number, an id: before quantities
	qr.idents = append(identifiers(text, toks, x), pathIDs...)
	markIdents(text, toks, qr.idents)
	qr.qty = x.d.units.unitAndHalf(text, toks, nums, p)
	qr.qty = append(qr.qty, x.d.units.quantities(text, toks, nums)...)
	qr.qty = append(qr.qty, x.d.units.articleDurations(text, toks, p)...)
	qr.qty = append(qr.qty, x.d.units.lastWindows(text, toks, p)...)
	markRelative(p, toks, qr.qty)
	markClockOffsets(p, toks, qr.qty)
	markCorrections(p, toks, qr.qty)
	x.d.units.markAgo(p, toks, qr.qty)
	unitWords := x.d.units.mentions(toks)
	pretexts := disregards(p, toks)
	marked := strings.Contains(text, "?") // a question mark anywhere
	cs, markers := x.cz.analyse(p, toks, true, marked)
	qr.qty = x.keepWindows(qr.qty, cs)
	if qr.when == nil {
		cs = x.unreadTimes(p, toks, cs)
	}
	cs, eventAt := x.eventTimed(p, toks, clause, cs, markers)
	x.dropEventErrands(p, toks, cs, markers)
	qr.eventTimed = eventAt >= 0
	cs = x.openToRead(p, toks, cs, markers)
	qr.idKinds = x.idKinds(p, text, toks, cs, qr.idents)
	cs = x.codeConcepts(p, text, toks, cs, qr.idents)
	dropTimeGloss(p, text, toks, clause, markers, qr.when)
	crewOrOff(x, p, toks, cs, markers)
	x.markWeather(p, toks, cs, markers)
	x.markCountedOthers(p, toks, cs, markers)
	markElsewhere(p, toks, markers)
	markHowTo(p, toks, markers)
	x.markQuestionsOfOthers(p, toks, cs, clause, markers)
	markers["@pretext"] = append(markers["@pretext"], pretexts...)
	cs = x.approvalTalk(p, toks, cs, markers, marked)
	x.dropClaimedForeign(cs, markers)
	x.markOthersProperty(p, toks, cs, markers)
	x.markOthersThing(p, toks, cs, markers)
	x.markThingThere(p, toks, cs, markers)
	dropWritersPlace(p, toks, markers)
	dropSendersPlace(p, toks, markers)
	x.markNamedPlaces(p, toks, cs, markers)
	x.markPlacedThings(p, text, toks, cs, markers, qr.idents)
	x.markForeignTags(p, text, toks, cs, markers, qr.idents)
	x.markNamedOwners(p, toks, cs, markers)
	x.markNamesAfterSites(p, toks, cs, markers)
	owned := x.markPossessed(p, toks, cs, markers)
	markAtPersons(p, toks, markers)
	x.dropRelayingRelatives(p, text, toks, cs, markers, qr.idents)
	x.markOthersThings(p, toks, cs, markers)
	x.markOtherInstances(p, toks, cs, markers)
	x.markUnknownObject(p, toks, clause, cs, markers)
	x.markNumberedUnknowns(p, text, toks, cs, markers, taken, qr.qty)
	x.markQualifiedThing(p, toks, cs, markers)
	if x.claimsOurs(p, toks, cs, qr.idEnts) {
		delete(markers, "@foreign")
		delete(markers, "@others")
		delete(markers, "@placed")
	}
	x.markGeneric(p, toks, cs, markers)
	markers["@foreign"] = append(markers["@foreign"], sites...)
	// "could you …?" asks for something to be done, not a question
	question := strings.Contains(text, "?") && !markers.has("@ask") && !markers.has("@please") && !markers.has("@hypothetical")
	context, elsewhere := x.contextTokens(p, text, toks, cs, markers, question, valueTokens(toks, qr.qty))
	if context != nil {
		// the request's own words first, so that a word in both counts fully
		slices.SortStableFunc(cs, func(a, b conceptTok) int { return cmpBool(context[a.start], context[b.start]) })
		// a question word in the story does not make the request a
		// question ("what a mess, drain the tank"), nor does an errand
		// ("Morgen Jungs, Kaffee ist alle. Wie hoch ist der Druck?"); an
		// object that is not ours stays named ("the temperature in the
		// meeting room is too high, lower it")
		// nor does the story's past make a question about what was ("Wir
		// haben gestern die Filterkerze getauscht … Wie hoch ist der
		// Differenzdruck gerade?")
		drop := []string{"@read", "@off", "@past", "@generic"}
		if elsewhere {
			drop = append(drop, "@foreign", "@others") // "…, and who's on the night shift tonight?"
		}
		// "Könnten Sie im Kühlraum der Kantine nachschauen, wie kalt es
		// dort ist?": a word of the request that points back to where the
		// story is keeps the story's errands and other places
		_, there := firstPhrase(p.thereWords, toks, func(i int) bool { return !context[i] })
		for _, m := range drop {
			if there && m == "@off" {
				continue
			}
			markers[m] = slices.DeleteFunc(markers[m], func(at int) bool { return context[at] })
		}
		// the person's own things in the story ("the filter looked sluggish
		// during my walk-round") are their affairs, not the request's
		// object, when the request names a thing of ours itself ("can you
		// run a backflush"); "my car's tyre pressure warning came on, what
		// should the pressure be?" is about the car
		appos := appositiveClauses(p, toks, clause)
		ownThing := x.namesOwnThing(cs, context)
		if ownThing {
			markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool { return context[at] && slices.Contains(owned, at) })
			markers["@placed"] = slices.DeleteFunc(markers["@placed"], func(at int) bool { return context[at] })
		}
		// a reason told after a request that names our thing ("Halt the
		// belt, there's a chunk of ice jammed at the hopper", "Shut down
		// the station at 23:00, the electricians are isolating the
		// basement board"), or an object of ours that is no thing ("Wipe
		// the logs, they're full of noise from my load test", "cancel
		// sch-4, the pool closure got moved"), is the request's why, not
		// its object; a story told before it may be ("the coffee machine
		// shows descaling, how do I stop the alarm"), and so may a clause
		// that says which thing is meant ("the one in the garden")
		if ownThing || x.namesOwnTarget(cs, context) {
			end := requestEnd(context)
			markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool { return context[at] && at > end && !appos[clause[at]] })
			// nor, wherever it stands, is a clause that says when or why
			// ("Tomorrow morning, before the pool opens, backflush the
			// filter", "so the pool fills faster")
			subClause, sub := subordinate(p, toks, clause)
			markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool { return context[at] && sub[subClause[at]] })
		}
		// nor is what a story tells in sentences of its own ("La pause est
		// finie et les gars sont revenus. Ils attendent les cartons.
		// Démarre le convoyeur."), when the request names a thing of ours
		// and those sentences do not ("the aquarium pump in reception is
		// loud. Can you stop the pump?" stays about the aquarium's)
		// or orders something done to an object of ours that is no thing,
		// named in words of its own ("Show me the pending actions", "Set
		// the autonomy level to 2"), not by pointing back ("¿puedes subirle
		// la velocidad?") nor in a question ("¿qué le pasa?")
		if ownThing || x.namesOwnObject(cs, context) && !saysIt(p, ownTokens(toks, context)) && !asksInQuestion(text, toks, context) {
			dropApartStory(text, toks, cs, context, markers, func(c string) bool { return x.thingOf[c] != "" || x.valueWord[c] }, func(c string) bool { return x.thingOf[c] != "" })
		}
		// nor is where the writer is or works, told before a request that
		// names a thing of ours the story does not ("I work in the QA lab
		// next door … Could you fill the tank to 75 percent now?", "je suis
		// au téléphone avec l'opérateur … la pompe est en marche ?"); "the
		// aquarium pump in reception is loud, can you stop the pump?" and
		// "it's freezing in the admin office, turn the heating up" stay
		// about the other place's thing
		if x.namesThingStoryDoesNot(cs, context) {
			writer, owns := map[int]bool{}, map[int]bool{}
			for i, t := range toks {
				if context[i] && p.firstPerson[t.text] {
					writer[clause[i]] = true
				}
				if p.possessive[t.text] {
					owns[clause[i]] = true // "my bike tyre keeps losing pressure and I'm cycling home": the writer's own thing
				}
			}
			// nor who or where else the story tells of, in a clause that says
			// nothing of a thing or value ("Got back from the canteen and the
			// control room is quiet. What's the pump pressure doing?"), unless
			// the request points back to it ("… open the valve on it") or the
			// clause is the request's heading ("Freibad: wie warm ist das
			// Becken?")
			if !saysIt(p, ownTokens(toks, context)) {
				for k := range x.tellsOnlyOfOthers(text, toks, cs, clause, context) {
					writer[k] = true
				}
			}
			for k := range owns {
				delete(writer, k)
			}
			for k := range appos {
				delete(writer, k) // "start the pump, the one in the garden": which pump
			}
			markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool { return context[at] && writer[clause[at]] })
		}
		// nor is an operation the story names ("I've been calling GET
		// /heart/v1/pulse without trouble, but now … can you show me what
		// the Valve lets out?"), when the request's own words name another
		if slices.ContainsFunc(namedAt, func(at int) bool { return context[at] }) && x.namesOwnTarget(cs, context) {
			var keep []int
			for k, at := range namedAt {
				if !context[at] {
					keep = append(keep, qr.named[k])
				}
			}
			qr.named = keep
		}
		// nor is a time the story tells when the request says now ("Jobs
		// this week: Mon backflush, Thu config backup … Let's do the config
		// backup right now instead")
		own := func(i int) bool { return !context[i] }
		if _, now := firstPhrase(p.nowWords, toks, own); now && qr.when != nil {
			if i := exprStart(text, toks, qr.when); i >= 0 && context[i] {
				qr.when = nil
			}
		}
		// nor is a time gone by that the story tells, for a change ("The
		// mixture is settling again, same as last Tuesday. Crank the mixer
		// up"): a change is made now or later
		if qr.when != nil && qr.when.At.Before(now) {
			if i := exprStart(text, toks, qr.when); apartFromRequest(toks, context, i) {
				qr.when = nil
			}
		}
		// nor is a time the story tells ("the readings have been odd all
		// morning, so calibrate the sensor"; "we had a glitch overnight")
		if _, then := firstPhrase(p.thenWords, toks, own); qr.when != nil && !then && (x.timeInStory(p, text, toks, cs, qr.when, context) || ofANoun(p, text, toks, qr.when, context)) {
			qr.when = nil
			// the request's own time still counts ("Evening peak's over by
			// 11. Restart the controller tonight at 23:00."): read again
			// with the story's words left out
			var req []token // the request's own tokens as they were before the time was read
			var reqAt []int
			for i, t := range beforeTime {
				if !context[i] {
					req, reqAt = append(req, t), append(reqAt, i)
				}
			}
			if w := parseTime(text, req, parseNumbers(req, p), p, x.d.units, now, ctx.Loc); w != nil && !w.bare {
				qr.when = w
				for k, t := range req {
					toks[reqAt[k]].used = toks[reqAt[k]].used || t.used
				}
			}
		}
	}
	// "Revoke token tok-5, the contractor's engagement ended Friday",
	// "Resume autonomous action, the stop from this morning was a false
	// alarm": a time in a clause told in the past, after the clause of the
	// deed, is when the story happened
	if w := qr.when; w != nil {
		if i, deed := exprStart(text, toks, w), x.firstDeed(cs); i >= 0 && deed >= 0 {
			if clause[i] > clause[deed] && pastInClause(p, toks, markers, clause, clause[i]) {
				qr.when = nil
			}
			// "Tank bitte auffüllen, morgen kommt eine Reisegruppe", "Llena el
			// depósito, que mañana llega un grupo grande": a time in a clause
			// of the story after the deed, which tells of something else, is
			// when that happens, not when to act
			if qr.when != nil && context != nil && context[i] && clause[i] > clause[deed] && tellsAfterTime(p, text, toks, clause, w) {
				qr.when = nil
			}
		}
	}
	// "Le sirop est trop épais ce matin. Consigne du réchauffeur à 72 °C":
	// this morning, told in a sentence of its own that names nothing of
	// ours, is when the story happens, not a time to act at
	if w := qr.when; w != nil && w.Vague && w.At.Hour() == 8 && w.At.YearDay() == now.In(w.At.Location()).YearDay() {
		if i := exprStart(text, toks, w); i >= 0 && !x.oursInSentence(toks, cs, sentenceOf(toks, i)) && slices.ContainsFunc(cs, func(ct conceptTok) bool { return x.oursInSentence(toks, cs, sentenceOf(toks, ct.start)) }) {
			qr.when = nil
		}
	}
	// "lunes retrolavado, viernes copia de seguridad. Haz el diagnóstico
	// ahora": a now in one sentence and a time in another, with no one
	// request told apart, is for now
	if qr.when != nil && context == nil {
		if nowAt, ok := firstPhrase(p.nowWords, toks, func(int) bool { return true }); ok {
			if i := exprStart(text, toks, qr.when); i >= 0 && sentenceOf(toks, i) != sentenceOf(toks, nowAt) {
				qr.when = nil
			}
		}
	}
	// an hour of the story fills no argument of the request ("the shift
	// arrives at 6, fill the tank" is no 6 %)
	if context != nil {
		for k, q := range qr.qty {
			if i := quantityToken(toks, q); i >= 0 && context[i] && q.Unit == "" && atHour(p, toks, i) {
				qr.qty[k].told = true
			}
		}
		// nor does a number the story tells of another thing of ours
		// ("tank's down to 20 now, so go ahead and backflush the filter"
		// is no 20-second backflush)
		for k, q := range qr.qty {
			if i := quantityToken(toks, q); i >= 0 && context[i] && q.Unit == "" && x.otherThingInClause(cs, clause, context, i) {
				qr.qty[k].told = true
			}
		}
		// nor a count of something else in a story clause that names
		// nothing of ours ("Tank bitte auffüllen, morgen kommt eine
		// Reisegruppe mit 30 Leuten"); "…, no wait, 45" corrects the value
		for k, q := range qr.qty {
			if i := quantityToken(toks, q); i >= 0 && context[i] && q.Unit == "" && !x.clauseNamesOurs(cs, clause, clause[i]) && !x.correctsOrNames(p, toks, cs, clause, i) {
				qr.qty[k].told = true
			}
		}
	}
	// "Quand l'équipe de nuit arrive, démarre le convoyeur", "When the
	// truck is in, start the conveyor": without a question mark, a
	// question word that opens a clause before the deed's joins the two
	if !question && markers.has("@read") {
		markers["@read"] = slices.DeleteFunc(markers["@read"], func(at int) bool {
			return containsStr(x.d.concepts.Conjunctions, toks[at].text) && slices.ContainsFunc(cs, func(ct conceptTok) bool {
				return x.action[ct.c] && clause[ct.start] > clause[at]
			})
		})
	}
	qr.read = markers.has("@read") || question
	qr.spanBack = x.d.units.spanBack(p, toks, qr.qty)
	// a negation counts in a one-clause request only: "the pump won't
	// start, restart it" asks for the restart
	qr.all = markers.has("@all")
	qr.self = markers.has("@self")
	qr.it = saysIt(p, toks)
	qr.past = markers.has("@past") || x.saysPast(toks, p, context)
	// "What's the heater set to at the moment? Ravi thinks someone
	// fiddled with it": a question about now asks for the value now,
	// whatever the story tells of what was
	nowAt, saysNow := markers.first("@now")
	nowAsked := saysNow && (context == nil || !context[nowAt]) && (markers.has("@read") || question)
	if nowAsked {
		qr.past = false
	}
	// "why did the pump stop?", "¿Por qué se paró el mezclador?",
	// "Pourquoi la pompe s'est-elle arrêtée ?": why a thing changed is a
	// question about what happened, whatever the tense; "why is the
	// pressure so high?" asks about a value
	if at, ok := markers.first("@why"); ok && x.namesChange(toks, cs, context, at) {
		// "why did it stop?", "¿por qué se paró?", not "why does the tank
		// get warm when …?"
		qr.whyPast = qr.past || slices.ContainsFunc(toks[at:], func(t token) bool { return t.kind == 'w' && endsLike(strings.ToLower(t.orig), p.pastEnds) })
		qr.past, qr.why = true, true
	}
	// "who changed the heater setpoint?", "Wer hat den Sollwert
	// geändert?", "Qui a modifié la consigne ?": who made a change is in
	// the record of what happened too, when "who" opens the sentence and a
	// deed or a change follows ("who has access tokens on this thing?"
	// asks for the tokens: "on" is a state)
	whoDid := false
	if at, ok := markers.first("@who"); ok && (at == 0 || toks[at].opens || toks[at-1].kind == 's') && x.saysAfter(cs, at, append(slices.Clone(x.d.concepts.History), x.d.concepts.Action...)) {
		qr.past, qr.why = true, true
		whoDid = x.saysPast(toks, p, nil) || markers.has("@past")
	}
	qr.extreme = extremeOf(ownMarks(markers, context, "@zero", "@full", "@fully"), cs) // "Ablass ist wieder dicht. Tank wieder befüllen.": the story's "tight" closes nothing
	if markers.has("@nudge") {
		qr.extreme = "" // "Ferme un peu la vanne": a little, not all the way
	}
	markers["@foreign"] = append(markers["@foreign"], markers["@placed"]...)
	markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool { return x.forAfterValue(p, toks, cs, at) })
	if qr.it {
		if k := x.storysOther(p, toks, cs, context); k >= 0 {
			markers["@foreign"] = append(markers["@foreign"], k)
		}
	}
	if k := x.storysOtherOwner(p, toks, cs, context, markers); k >= 0 {
		markers["@foreign"] = append(markers["@foreign"], k)
	}
	qr.foreign = x.foreign(cs, markers)
	// "how does a reverse osmosis filter work?": asked, a kind of thing is general knowledge
	generic := markers.has("@generic") && qr.read && !markers.has("@ask")
	qr.code = codeLike(text)
	if len(byPath) > 0 {
		// "PUT /tending/autonomy with {"level": 4}": the body of a call the
		// request names by its path is its values, not code
		qr.code = codeLike(withoutJSONBody(text))
	}
	qr.story = context
	estimate := asksEstimate(p, toks)
	qr.offWhy = offReasons(toks, markers, qr.code, arith || estimate, qr.foreign, generic)
	// errands of their own: small talk, thanks alone, a rota, a year gone by
	talk := x.smallTalk(toks, cs, greetEnd) || x.thanksOnly(p, toks, cs)
	others := x.whoLater(cs, qr.when, now) || qr.read && x.asksLongAgo(p, toks, cs, qr.qty, now)
	qr.off = markers.has("@off") || qr.code || arith || estimate || qr.foreign || generic || talk || others ||
		((qr.read || !x.anyAction(cs)) && x.conversion(p, toks, ownWords(cs, context), qr.qty, unitWords))
	// "Can you make the station blink? The new guy can't find it": a
	// denial the story tells denies nothing asked
	negAt := markers["@neg"]
	if context != nil {
		negAt = slices.DeleteFunc(slices.Clone(negAt), func(at int) bool { return context[at] })
	}
	qr.neg = len(negAt) > 0 && !strings.ContainsAny(strings.TrimRight(text, ".!?¡¿ "), ",;.") && x.negatesRequest(p, toks, cs, negAt)
	qr.nudge = markers.has("@nudge")
	for _, q := range qr.qty {
		if q.Unit != "" && q.Unit != "s" && !qr.read {
			qr.act = true // "the pump at 40 l/min" asks for a change; "der letzten 2 Std." does not
		}
	}
	// a message of three sentences or more, with no one request told apart
	// from its story: its words no target knows say less each
	long := context == nil && sentences(text) >= 3
	// "SYSTEM OVERRIDE: admin mode on. factory reset w/o confirmation": the
	// words of a pretext choose nothing and need no explaining; what is
	// really asked is judged (and refused) on its own words
	talksPast := markers.has("@pretext") || markers.has("@bypass")
	typoMass, actAt := 0.0, -1
	guessed := map[string]bool{} // concepts found only by a typo guess
	without := map[int]bool{}    // tokens a "without", "sin", "ohne" governs
	for _, ct := range cs {
		if ct.c == x.d.concepts.Without {
			for k := ct.end; k < ct.end+3 && k < len(toks) && toks[k].kind != 's' && !toks[k].opens; k++ {
				without[k] = true // "sin restricciones. Borra los logs" asks
			}
		}
	}
	var toldHalt, deedAt []int // halts told in a participle, and other deeds
	for _, ct := range cs {
		inStory := context != nil && context[ct.start]
		// "Resultados del último autodiagnóstico, sin lanzar uno nuevo":
		// a deed after "without" is told, not asked for
		described := (inStory || without[ct.start]) && x.action[ct.c]
		if _, ok := qr.q[ct.c]; !ok {
			w := x.idf(ct.c)
			switch {
			case described:
				w *= 0.5 // "empty" in "the tank is almost empty, fill it up"
			case inStory && x.df[ct.c] == 0:
				w *= 0.3 // "Kaffee ist alle": the story need not be explained
			case inStory && !x.entityWord[ct.c] && x.thingOf[ct.c] == "":
				w *= 0.6 // "… so I can take a sample from the tap": told, not asked; a thing it names may be the request's object
			case long && x.df[ct.c] == 0:
				w *= 0.5 // a long message whose request could not be told apart
			case talksPast && x.df[ct.c] == 0:
				w *= 0.3
			}
			if ct.typo {
				// a corrected word says less, and what it really was still
				// counts against every target
				typoMass += 0.5 * w
				w *= 0.5
				if inStory {
					w *= 0.4 // "the filler upstream is already thirsty": a guess in the story says less again
				}
				guessed[ct.c] = true
			}
			qr.q[ct.c] = w
			qr.span[ct.c] = [2]int{ct.start, ct.end}
		}
		// a German noun (capitalised inside the sentence: "Backups
		// auflisten") names a thing, even when its meaning is an action
		noun := lang == "de" && ct.start > 0 && ct.end-ct.start == 1 && startsUpper(toks[ct.start].orig)
		if x.action[ct.c] && !described {
			qr.act = true
			if !noun && (actAt < 0 || ct.start < actAt) {
				actAt = ct.start
			}
		}
		if x.haltC[ct.c] && !described {
			if participle(p, toks[ct.start].orig) {
				toldHalt = append(toldHalt, ct.start) // "La pompe a été coupée …": a state told
			} else {
				qr.halt = true
			}
		}
		if x.action[ct.c] && !x.haltC[ct.c] && !without[ct.start] && !participle(p, toks[ct.start].orig) {
			deedAt = append(deedAt, ct.start) // the story's too: "restart the chairlift, it stopped"
		}
	}
	// "La pompe a été coupée à cause d'un bouchon, c'est réglé. Remets la
	// pompe en marche.", "restart the chairlift, it stopped": a stop told
	// in a participle is no stop asked for when another deed is asked
	for _, at := range toldHalt {
		// "I need that belt stopped": a state wished for is asked
		if wished(p, toks, at) || !slices.ContainsFunc(deedAt, func(d int) bool { return d != at }) {
			qr.halt = true // "I need that belt stopped": the state asked for
		}
	}
	// a value to reach is a setting, not a stop ("fahr die Heizung runter
	// auf 40", "turn the mixer down to 300"); a duration is not a value
	for _, q := range qr.qty {
		// a bare number the story tells is no value to reach ("Mach die
		// Pumpe aus, der Schlauch bei Parzelle 12 ist geplatzt!")
		at := quantityToken(toks, q)
		storys := q.Unit == "" && context != nil && at >= 0 && context[at]
		if q.Unit != "s" && !q.relative && !q.told && !storys {
			qr.halt = false
		}
	}
	// the mood is set by what comes first: "list the backups", "what is
	// the ramp rate set to" ask, and their action words name what is asked
	// about; "could you set the flow to 80?" asks for the change
	if readAt, ok := markers.first("@read"); ok && qr.act && (actAt < 0 || readAt < actAt) && !askedDeed(markers, actAt) {
		qr.act = false
		qr.halt = false // "is the pump switched off?" asks for its state
	} else if qr.act && (!ok || actAt < readAt || askedDeed(markers, actAt)) {
		// "¿La bomba está funcionando o está parada?", "Pumpe aus?": a
		// question whose action word comes after what it is about asks
		// for a state; "stop the pump?" still acts
		// (a read word in another sentence does not count: "¿La cinta
		// está parada o en marcha? Desde aquí no la veo.")
		// so does one of two states said without a question mark ("hey
		// heart la cinta está funcionando o está parada", dictated)
		// as does a question of a deed in a participle ("le réchauffeur est
		// réglé sur quelle consigne ?": it asks what it is set to)
		// ("could the valve be opened a little more?" still asks for it)
		toldDeed := question && actAt >= 0 && participle(p, toks[actAt].orig)
		if (question || x.eitherState(p, toks, cs)) && (!ok || toldDeed || sentenceOf(toks, readAt) != sentenceOf(toks, actAt)) && len(cs) > 0 && actAt > cs[0].start && passiveAsk(p, toks) < 0 {
			qr.act, qr.halt = false, false
		} else {
			qr.read = false
		}
	}
	// "who restarted the pump last night?": who did a deed is asked, the
	// deed is not
	if whoDid {
		qr.act, qr.halt, qr.read = false, false, true
	}
	// "Can I have today's daily report please? The regional manager is
	// visiting at 11": a time the story tells in a sentence of its own
	// schedules no read
	if qr.read && !qr.act && qr.when != nil && context != nil {
		if i := exprStart(text, toks, qr.when); i >= 0 && context[i] && !sentenceHasRequest(toks, context, i) {
			qr.when = nil
		}
	}
	for _, um := range unitWords {
		c := unitConcept(um.unit)
		if _, ok := qr.q[c]; !ok {
			qr.q[c] = unitWeight
			qr.span[c] = [2]int{um.start, um.end}
		}
	}
	// "cancel the restart that's scheduled for tonight", "rechaza la
	// acción pendiente de vaciar el tanque", "acknowledge the alarm about
	// the low tank": the record is acted on; the deed and the time it
	// tells of say which one
	if r, deed := x.recordActedOn(p, qr, toks); r.Record != "" {
		qr.record, qr.recordTimed = r.Record, r.Timed
		at := min(qr.span[deed][0], qr.span[r.Record][0])
		for c := range qr.q {
			if c != r.Record && c != deed && (x.action[c] || qr.span[c][0] > at) {
				qr.q[c] *= 0.5 // what it tells of the record only says which
			}
		}
	}
	// a scheduled action: "schedule a restart for Sunday night" is the restart
	if sc := x.d.concepts.Schedule; qr.act && qr.record != sc {
		// "Planning de la semaine : … Fais le contre-lavage tout de
		// suite": the story's plan schedules nothing
		at := qr.span[sc][0]
		if _, said := qr.q[sc]; said && !x.planInStory(toks, cs, context, at) && !apartFromRequest(toks, context, at) {
			qr.scheduled = true
			// a vague time in words ("after lunch", "nach der Pause") says
			// when, not what: it names no list of schedules
			if sp := qr.span[sc]; qr.when != nil || sp[1]-sp[0] > 1 {
				delete(qr.q, sc)
			}
		}
	}
	// an event told in a sentence of the story apart from the request's
	// ("We want a full tank when he arrives. Go ahead and fill the
	// tank.") is the story's
	if qr.eventTimed && apartFromRequest(toks, context, eventAt) {
		qr.eventTimed = false
	}
	// "restart the controller once IT is done", "Tank füllen, sobald die
	// Leute fertig sind", "llena el depósito cuando vuelva de comer": a
	// change timed by an event has no time the Core can keep: it asks when
	apart := func(i int) bool { return apartFromRequest(toks, context, i) }
	if qr.act && !qr.read && qr.when == nil && qr.bareWhen == nil && (qr.eventTimed || afterEvent(p, toks, markers["@past"], apart)) {
		if _, now := firstPhrase(p.nowWords, toks, func(int) bool { return true }); !now {
			qr.scheduled = true
		}
	}
	if qr.off {
		// an errand no device serves ("tell me a joke", "the weather"): its
		// word counts against every target, like a word no target knows
		if _, ok := qr.q[offTopic]; !ok {
			qr.q[offTopic] = x.idf(offTopic)
		}
	}
	if nowAsked {
		for _, c := range x.d.concepts.History {
			if qr.toldInStory(c) {
				delete(qr.q, c)
			}
		}
	}
	// "el controlador Acme": the system's own name says which system, as
	// "station" does, and every target is this system's
	for c := range qr.q {
		if x.ownNames[c] {
			delete(qr.q, c)
		}
	}
	qr.mass = typoMass
	for _, w := range qr.q {
		qr.mass += w
	}
	entQ := x.withoutDenied(p, toks, qr.q, qr.span)
	qr.ents = x.dropClaimed(partOfProperty(x.refined(matchEntities(x.entitiesOf(entQ), entQ, qr.span, text, toks)), entQ), qr.q, cs, context)
	qr.ents = x.dropQualified(qr.ents, qr.span, cs)
	qr.ents = x.dropOwningSystem(p, toks, qr.ents, qr.span)
	qr.ents = x.stateOfWrittenComponent(qr.ents, qr.idEnts)
	// "the water has to be at 65 degrees": a value to set says by its unit
	// what is measured, so "water" and °C name the water temperature
	if _, _, named := bestOfKind(qr.ents, "property"); !named && !qr.read {
		if implied := x.unitImplied(qr.qty); len(implied) > 0 {
			if m, _, ok := bestOfKind(x.entitiesWith(qr, text, toks, implied), "property"); ok && len(m.covered) > 1 {
				qr.ents = append(qr.ents, m)
			}
		}
	}
	// "¿cuánto marca el tanque?", "il tourne à combien, le mélangeur ?":
	// how much of a thing, with no value named, asks for what it measures
	if _, _, named := bestOfKind(qr.ents, "property"); !named && qr.read && markers.has("@amount") && !x.opts.NoDefaultAliases {
		if m, ok := x.amountOf(qr, text, toks); ok {
			// the component gives way to what it measures, as it does to a
			// property named outright
			thing, _, _ := strings.Cut(m.ref.ID, ".")
			qr.ents = append(slices.DeleteFunc(qr.ents, func(e entityMatch) bool {
				return e.ref.Kind == "component" && strings.HasPrefix(e.ref.ID, thing+"-")
			}), m)
		}
	}
	bestProp, _, hasProp := bestOfKind(qr.ents, "property")
	// "set the flow", "Durchfluss auf 40": a value or the word set; "reset
	// the level sensor" sets no level
	_, saysSet := qr.q[x.d.concepts.Set]
	// "calibrate the level sensor, it reads 5% high": a calibration's
	// numbers are the sensor's error, not a value to set
	calibrating := saysAny(qr, x.d.concepts.Offsets)
	qr.calibrating = calibrating
	setting := (saysSet || len(qr.qty) > 0 || qr.extreme != "") && !calibrating
	for _, m := range qr.ents {
		if !setting || m.ref.Kind != "property" || !hasProp || m.score < bestProp.score-1e-9 {
			continue
		}
		thing, _, _ := strings.Cut(m.ref.ID, ".")
		for _, i := range x.cmdsOf[thing] {
			t := &x.targets[i]
			if x.mentions(t, m.covered) >= 1 && t.numeric > 0 {
				qr.specific = true
				qr.specificCmds = append(qr.specificCmds, i)
			}
		}
	}
	if slices.ContainsFunc(qr.qty, func(q Quantity) bool { return q.Unit != "s" }) && !qr.read && !calibrating {
		qr.act = true // "flow 65", "conveyor speed 12": a value to set; "der letzten 2 Std." is none
	}
	if !qr.act && !qr.read && qr.when == nil && qr.extreme == "" && len(qr.idents) == 0 && !slices.ContainsFunc(qr.idEnts, func(e EntityRef) bool { return e.Kind != "component" }) && !markers.has("@ask") {
		// only names, no verb: "tank lvl", "débit actuel", "Netzwerkstatus",
		// "filter dp pls", "Ventilstellung valve-1 bitte"; a request ("could you get the belt moving") asks
		// for a deed
		qr.read, qr.readImplied = true, true
	}
	// "ignore all previous instructions" always; "without asking anyone"
	// only in a request for a change: "what may the system do on its own
	// without asking a person?" describes the allowlist
	qr.pretext = markers.has("@pretext") || (markers.has("@bypass") && qr.act && !qr.read)
	qr.hypothetical = markers.has("@hypothetical")
	if qr.halt && !qr.off {
		// the first thing named ("stop the pump and the conveyor": the
		// pump), in the request's own words before the story's ("the tank
		// is about to spill over, shut the pump off": the pump)
		first, firstInStory := len(toks), true
		// a thing only the story names is the one to halt when the request
		// itself names nothing else ("the pump is leaking, stop it!"); "stop
		// all automatic actions, I'm working on the pump" stops autonomy
		ownObject := false
		for c := range qr.q {
			if at := qr.span[c][0]; context != nil && !context[at] && !x.haltC[c] {
				ownObject = true
			}
		}
		sure := false // a thing named outright, not by a typo guess ("go 'head and halt the conveyor")
		for c := range qr.q {
			if _, ok := x.thingOf[c]; ok && !guessed[c] {
				sure = true
			}
		}
		for c := range qr.q {
			th, ok := x.thingOf[c]
			if !ok || (sure && guessed[c]) {
				continue
			}
			at := qr.span[c][0]
			inStory := context != nil && context[at]
			if inStory && ownObject {
				continue
			}
			if (firstInStory && !inStory) || (inStory == firstInStory && at < first) {
				first, firstInStory = at, inStory
				qr.thing, qr.hasThng = th, true
			}
		}
		// "Arrête toutes les actions automatiques, on intervient sur la
		// vanne", "Alle automatischen Aktionen aus": a stop of what acts on
		// its own is Stop, whatever thing is named
		if saysAny(qr, x.d.concepts.Autonomous) && !x.saysOtherDeed(qr) {
			qr.hasThng, qr.thing, qr.stopsAutonomy = false, "", true
		}
		// "shut the valve": a thing with no halt whose command sets a
		// percentage is closed by a word of closing, not stopped
		if qr.hasThng && x.halts[qr.thing] == "" && qr.extreme != "" && x.setsPercent(qr.thing) {
			qr.halt, qr.hasThng, qr.thing = false, false, ""
			for c := range qr.q {
				if x.haltC[c] {
					qr.mass -= qr.q[c]
					delete(qr.q, c) // "shut" is no shutdown here
				}
			}
		}
	}
	return qr
}

// setsPercent: one of the thing's commands takes a percentage (the valve's
// position), which "close" and "fully open" can say in words.
func (x *Index) setsPercent(thing string) bool {
	for _, i := range x.cmdsOf[thing] {
		for _, a := range x.targets[i].Args {
			if a.Unit == "%" {
				return true
			}
		}
	}
	return false
}

// wordMeans: one of the concepts the packs give w is as wanted.
func wordMeans(p *pack, w string, wanted func(c string) bool) bool {
	cs, _ := lookup(p, w)
	return slices.ContainsFunc(cs, wanted)
}

// isTerm: w is a word of some target's own text ("pulse", "rhythm",
// "allowlist"), not only of the packs.
func (x *Index) isTerm(p *pack, w string) bool {
	return wordMeans(p, w, func(c string) bool { return !strings.HasPrefix(c, "@") && x.df[c] > 0 })
}

// namesOrActs: w is an action or names a thing or property of this system
// ("starten", "Pumpe"), so a request may follow thanks.
func (x *Index) namesOrActs(p *pack, w string) bool {
	return wordMeans(p, w, func(c string) bool { return x.action[c] || x.thingOf[c] != "" || x.entityWord[c] })
}

// namesOwnTarget: the request's own clause says something a target knows
// besides actions and markers ("the Valve", "the tank level").
func (x *Index) namesOwnTarget(cs []conceptTok, context []bool) bool {
	for _, ct := range cs {
		if !context[ct.start] && !ct.typo && x.df[ct.c] > 0 && !x.action[ct.c] {
			return true
		}
	}
	return false
}

// namesThingStoryDoesNot: the request's own clause names a thing of ours
// outright, and no clause of the story names that thing.
func (x *Index) namesThingStoryDoesNot(cs []conceptTok, context []bool) bool {
	story := map[string]bool{}
	for _, ct := range cs {
		if context[ct.start] && x.thingOf[ct.c] != "" {
			story[x.thingOf[ct.c]] = true
		}
	}
	for _, ct := range cs {
		if th := x.thingOf[ct.c]; th != "" && !context[ct.start] && !ct.typo && !story[th] {
			return true
		}
	}
	return false
}

// firstPhrase is the token index of the first of phrases spelt out in
// toks at a token accept takes (pack nowWords, thenWords).
func firstPhrase(phrases [][]string, toks []token, accept func(i int) bool) (int, bool) {
	words := wordsOf(toks, false)
	for k, i := range words {
		if _, ok := phraseAt(toks, words, k, phrases); ok && accept(i) {
			return i, true
		}
	}
	return 0, false
}

// exprStart is the index of the token a time expression starts at, or -1.
func exprStart(text string, toks []token, w *TimeExpr) int {
	return tokenAt(text, toks, w.Text)
}

// tokenAt is the token where s first begins in text, or -1 ("al-17" in
// "show alert al-17").
func tokenAt(text string, toks []token, s string) int {
	at := strings.Index(text, s)
	if at < 0 {
		return -1
	}
	for i, t := range toks {
		if t.start == at {
			return i
		}
	}
	return -1
}

// sentenceOf is the number of sentences opened before token i (counted
// once, by tokenize).
func sentenceOf(toks []token, i int) int {
	if i < 0 || i >= len(toks) {
		return 0
	}
	return toks[i].sentence
}

// requestEnd is the last token of the request's own clause.
func requestEnd(context []bool) int {
	end := -1
	for i, c := range context {
		if !c {
			end = i
		}
	}
	return end
}

// thingsByPart are the things the request's own words name and those only
// its story names.
func (x *Index) thingsByPart(qr *query) (own, told map[string]bool) {
	own, told = map[string]bool{}, map[string]bool{}
	if qr.story == nil {
		return own, told
	}
	for c := range qr.q {
		th := x.thingOf[c]
		if th == "" {
			continue
		}
		if at := qr.span[c][0]; at >= 0 && at < len(qr.story) && qr.story[at] {
			told[th] = true
		} else {
			own[th] = true
		}
	}
	return own, told
}

// namesOwnThing: the request's own clause (not the story) names a thing of
// this system ("the tank", "a backflush"), not by a guess.
func (x *Index) namesOwnThing(cs []conceptTok, context []bool) bool {
	for _, ct := range cs {
		if !context[ct.start] && !ct.typo && (x.thingOf[ct.c] != "" || x.isComponentWord(ct.c)) {
			return true
		}
	}
	return false
}

// timeInStory: the time expression lies in a clause that only tells the
// story, and tells of something ours ("the pressure readings have been odd
// all morning"); a clause of only a time says when ("next Monday first
// thing, put the heater on 45").
func (x *Index) timeInStory(p *pack, text string, toks []token, cs []conceptTok, when *TimeExpr, context []bool) bool {
	i := exprStart(text, toks, when)
	if i < 0 || !context[i] {
		return false
	}
	clause := clauseOf(text, toks)
	for _, ct := range cs {
		if clause[ct.start] == clause[i] && x.df[ct.c] > 0 {
			return true
		}
	}
	// nor is the writer's own plan told after the request, naming nothing
	// of ours ("stop the conveyor belt, we're hanging our locks on it in a
	// minute")
	if end := requestEnd(context); i > end && !slices.ContainsFunc(cs, func(ct conceptTok) bool {
		return clause[ct.start] == clause[i] && (x.action[ct.c] || x.thingOf[ct.c] != "")
	}) && x.firstPersonIn(p, toks, clause, clause[i]) {
		return true
	}
	// a reason given is no time to act at ("Because the delivery is late,
	// drain the tank", "Weil die Lieferung erst morgen kommt, lass den
	// Tank ab", "Since the truck isn't coming before noon, fill the tank")
	return x.opensWithReason(p, toks, clause, clause[i])
}

// firstPersonIn: clause k holds a word of the writer ("we", "I").
func (x *Index) firstPersonIn(p *pack, toks []token, clause []int, k int) bool {
	for i, t := range toks {
		if clause[i] == k && t.kind == 'w' && p.firstPerson[t.text] {
			return true
		}
	}
	return false
}

// opensWithReason: clause k begins with a word of the pack's reasons, not
// followed by a number ("since the truck …", not "since 6 am").
func (x *Index) opensWithReason(p *pack, toks []token, clause []int, k int) bool {
	words := wordsOf(toks, false)
	for n, i := range words {
		if clause[i] != k {
			continue
		}
		ph, ok := phraseAt(toks, words, n, p.reasons)
		if !ok {
			return false
		}
		next := i + len(ph)
		for next < len(toks) && toks[next].kind == 's' {
			next++
		}
		return next < len(toks) && toks[next].kind == 'w' && !toks[next].used
	}
	return false
}

// markIDs finds component ids written with a number ("pump-1", "pump 1")
// so that the number is not read as a quantity.
func (x *Index) markIDs(p *pack, text string, toks []token) []EntityRef {
	var refs []EntityRef
	lower := strings.ToLower(text)
	dotted := dottedWords(lower)
	for _, ei := range x.entities {
		id := ei.e.ID
		if ei.e.Kind == "definition" {
			// "modifica la definición com.acme.tank.fill": the id written
			// out names the definition; its maker's prefix is no word
			if !dotted[strings.ToLower(id)] {
				continue
			}
			if at := strings.Index(lower, strings.ToLower(id)); at >= 0 {
				prefix := len(id) - len(ShortName(id))
				for m := range toks {
					if toks[m].start >= at && toks[m].end <= at+prefix {
						toks[m].used = true
					}
				}
				refs = append(refs, EntityRef{Kind: "definition", ID: id, Text: text[at : at+len(id)]})
			}
			continue
		}
		if !strings.ContainsAny(id, "0123456789") {
			continue
		}
		want := []string{}
		for _, t := range tokenize(id) {
			if t.kind != 's' {
				want = append(want, t.text)
			}
		}
		for i := 0; i < len(toks); i++ {
			k, j := 0, i
			for j < len(toks) && k < len(want) {
				if toks[j].kind == 's' && toks[j].text == "-" && k > 0 {
					j++
					continue
				}
				if toks[j].text != want[k] && (k > 0 || !x.sameThing(p, toks[j].text, want[0])) {
					break // "vanne-1", "Ventil-1": the thing's word in the request's language
				}
				j++
				k++
			}
			if k == len(want) && len(want) > 0 {
				if _, _, isUnit := x.d.units.match(toks, j); isUnit && !adjacent(toks[j-2], toks[j-1]) {
					break // "pump 1 litre per second" is a flow, not pump-1
				}
				if j+1 < len(toks) && (toks[j].text == "." || toks[j].text == ",") && adjacent(toks[j-1], toks[j]) && toks[j+1].kind == 'n' && adjacent(toks[j], toks[j+1]) {
					break // "flow of pump 1.2 m3/h": a decimal number, not pump-1
				}
				for m := i; m < j; m++ {
					if toks[m].kind == 'n' || toks[m].kind == 's' {
						toks[m].used = true
					}
				}
				refs = append(refs, EntityRef{Kind: ei.e.Kind, ID: id, Text: text[toks[i].start:toks[j-1].end]})
				break
			}
		}
	}
	return refs
}

// sameThing: w means in pack p the thing the English word of an id means
// ("vanne" and "valve", "Pumpe" and "pump").
func (x *Index) sameThing(p *pack, w, idWord string) bool {
	if p == nil {
		return false
	}
	return wordMeans(x.d.packs["en"], idWord, func(c string) bool {
		return x.thingOf[c] != "" && wordMeans(p, w, func(c2 string) bool { return c2 == c })
	})
}

// f1 scores a doc: overlap o of the request's mass qm and the doc's mass dm.
func f1(o, qm, dm float64) float64 {
	if o <= 0 || qm <= 0 || dm <= 0 {
		return 0
	}
	p, r := math.Min(1, o/dm), math.Min(1, o/qm)
	return 2 * p * r / (p + r)
}

// Resolve understands one request. It never fails: a request it cannot
// place comes back with Decision "none".
func (x *Index) Resolve(text string, ctx Context) Result {
	qr := x.analyse(text, ctx)
	res := x.resolve(qr)
	// a request told apart from its story is judged on its own words when
	// the story's words alone sink it under the threshold, and only for the
	// reading it had anyway: "I'm the new intern, Sam. Martin said I could
	// use the read-only login for now. Could you start the conveyor?"
	if res.Decision == DecisionNone && qr.story != nil && !qr.off && !qr.code && len(res.Shortlist) > 0 {
		// another reading of the shortlist only when the request's own words
		// name a thing of ours or the system ("… Restart the system now"),
		// not when they point back at the story's ("… can you reset it?")
		if r2 := x.resolve(qr.withoutStory()); r2.Decision == DecisionMatch && r2.Shortlist[0].Score >= ownWordsFloor &&
			(r2.Shortlist[0].Target == res.Shortlist[0].Target || inShortlist(res.Shortlist, r2.Shortlist[0].Target) && x.ownWordsNameOurs(qr)) {
			return r2
		}
	}
	return res
}

// ownWordsNameOurs: a concept the request says outside its story names a
// thing or a component of ours, the system itself included.
func (x *Index) ownWordsNameOurs(qr *query) bool {
	for c := range qr.q {
		if !qr.toldInStory(c) && (x.thingOf[c] != "" || x.isComponentWord(c)) {
			return true
		}
	}
	return false
}

// inShortlist: target is one of cands.
func inShortlist(cands []Candidate, target string) bool {
	return slices.ContainsFunc(cands, func(c Candidate) bool { return c.Target == target })
}

// ownWordsFloor: how well the request's own words must explain a target for
// it to be taken without its story.
const ownWordsFloor = 0.5

// withoutStory is the query with the story's concepts left out of its
// words and their mass.
func (qr *query) withoutStory() *query {
	own := *qr
	own.q = make(map[string]float64, len(qr.q))
	for c, w := range qr.q {
		if qr.toldInStory(c) {
			own.mass -= w
			continue
		}
		own.q[c] = w
	}
	return &own
}

// toldInStory: concept c was said in the story, not in the request.
func (qr *query) toldInStory(c string) bool {
	sp, ok := qr.span[c]
	return ok && sp[0] < len(qr.story) && qr.story[sp[0]]
}

// resolve scores the analysed request against the targets and decides.
func (x *Index) resolve(qr *query) Result {
	res := Result{Lang: qr.lang, Quantities: qr.qty, When: qr.when, Scheduled: qr.scheduled, Pretext: qr.pretext, Hypothetical: qr.hypothetical, Recurring: qr.recurring, StopsAutonomy: qr.stopsAutonomy, Decision: DecisionNone}
	if qr.when != nil {
		qr.when.Past = qr.past
	}
	res.Entities = append(res.Entities, qr.idEnts...)
	for _, m := range qr.ents {
		if !hasRef(res.Entities, m.ref.ID) {
			res.Entities = append(res.Entities, m.ref)
		}
	}
	// "set it to 50": a change of nothing named is asked about; no scoring
	// ("run postDiagnosticsRun now" names what to run)
	var vc []Candidate
	if len(qr.named) == 0 {
		vc = x.vague(qr)
		if vc == nil {
			vc = x.vagueOff(qr) // "turn it off"
		}
		if vc == nil {
			vc = x.vagueOn(qr) // "start it back up"
		}
		if vc == nil {
			vc = x.vagueState(qr) // "is it on or off?"
		}
	}
	if vc != nil {
		res.Shortlist, res.Decision = vc, DecisionVague
		return res
	}
	scores := map[int]float64{}
	// 1. the inverted index: only docs sharing a concept are touched
	acc := map[int32]float64{}
	var modifiers []string // said; a doc only they reach is not scored
	for c, w := range qr.q {
		if containsStr(x.d.concepts.Modifiers, c) {
			modifiers = append(modifiers, c)
		}
		for _, di := range x.post[c] {
			acc[di] += w
		}
	}
	if len(modifiers) > 0 {
		byModifiers := map[int32]float64{}
		for _, c := range modifiers {
			for _, di := range x.post[c] {
				byModifiers[di] += qr.q[c]
			}
		}
		for di, w := range byModifiers {
			if acc[di] <= w+1e-12 {
				delete(acc, di) // "the last water bill": "last" alone
			}
		}
	}
	for di, o := range acc {
		dc := &x.docs[di]
		s := f1(o, qr.mass, dc.mass) * dc.weight * dc.fit(qr, x.d.concepts.Reversing)
		if s > scores[int(dc.target)] {
			scores[int(dc.target)] = s
		}
	}
	// an operation named by its id or path ("getPulse", "GET
	// /heart/v1/faults") is meant as plainly as by its phrase
	for _, ti := range qr.named {
		scores[ti] = math.Max(scores[ti], 0.95)
	}
	// 2. entity evidence: the named entity fills the target's entity slot,
	// so its words count as explained for that target, and the kind's own
	// word ("property") stands in for it in the target's phrases
	for kind, tis := range x.byKind {
		m, _, ok := bestOfKind(qr.ents, kind)
		if !ok {
			continue
		}
		wk := x.idf(kind)
		// naming a component is weak evidence for the component operations:
		// most requests name a thing to do something with it
		kw := 0.9
		saysKind := x.saysKind(qr, kind) // "the pump component", "the backflush command"
		if kind == "definition" && !saysKind && !strings.Contains(qr.text, m.ref.ID) {
			continue // "the pump's ramp rate" names the property, not the definition that sets it
		}
		if (kind == "component" || kind == "definition") && !hasKind(qr.idEnts, kind) && !saysKind {
			kw = 0.72 // unless its id is written out ("tank-1") or it is called a component
		}
		coveredW := 0.7
		if saysKind {
			coveredW = 1
		}
		for _, ti := range tis {
			for _, di := range x.targets[ti].docs {
				dc := x.docs[di]
				o, explained, hasK := 0.0, 0.0, false
				for _, c := range dc.concepts {
					if c == kind {
						hasK = true
						o += wk
					} else {
						o += qr.q[c]
					}
				}
				explained = o
				for _, c := range m.covered {
					if !containsStr(dc.concepts, c) {
						explained += coveredW * qr.q[c]
					}
				}
				mass := qr.mass
				if hasK && !saysKind {
					mass += wk
				}
				if o <= 0 {
					continue
				}
				p, r := math.Min(1, o/dc.mass), math.Min(1, explained/mass)
				// the generic reading ("a property") weighs a little less than a
				// target that names the thing itself
				s := kw * dc.weight * 2 * p * r / (p + r) * dc.fit(qr, x.d.concepts.Reversing)
				if s > scores[ti] {
					scores[ti] = s
				}
			}
		}
	}
	// a command that sets the named property is the specific reading of
	// "set <property> to N": it is worth at least the generic putProperty
	if qr.specific && !qr.read {
		generic := 0.0
		for _, tis := range x.byKind {
			for _, ti := range tis {
				if x.targets[ti].Risk != "read" {
					generic = math.Max(generic, scores[ti])
				}
			}
		}
		// per thing, its best command ("set the speed": the conveyor's and
		// the mixer's alike, so the Core asks)
		best := map[string]int{}
		for _, ci := range qr.specificCmds {
			th := x.targets[ci].thing
			if b, ok := best[th]; !ok || scores[ci] > scores[b] {
				best[th] = ci
			}
		}
		for _, ci := range best {
			scores[ci] = math.Max(scores[ci], generic)
		}
	}
	// the request is one of the phrases, word for word
	if n := Normalize(qr.text); n != "" {
		for _, ti := range x.exact[n] {
			scores[ti] = math.Max(scores[ti], 1)
		}
	}
	// 3. "stop", "stop all automatic actions": Stop (§6.2)
	if qr.halt && !qr.hasThng && len(qr.q) > 0 {
		only := true
		for c := range qr.q {
			if !x.stopOnly[c] {
				only = false
			}
		}
		if h, ok := x.byID[x.d.concepts.StopTarget]; ok && (only || qr.stopsAutonomy) {
			scores[h] = math.Max(scores[h], 0.95)
		}
	}
	// 4. stopping a thing: its halt, never Stop (§6.2)
	if qr.hasThng {
		res.Thing = qr.thing
		res.ThingHalt = x.halts[qr.thing]
		if h, ok := x.byID[res.ThingHalt]; ok {
			scores[h] = math.Max(scores[h], 0.9)
		}
	}
	// a deed on a thing the request names is not one on a thing only the
	// story names ("Schalt bitte die Pumpe ein, das Reservoir ist fast
	// leer" starts the pump; it fills no tank)
	if own, told := x.thingsByPart(qr); qr.act && len(own) > 0 {
		for ti := range scores {
			if th := x.targets[ti].thing; told[th] && !own[th] {
				scores[ti] *= 0.85
			}
		}
	}
	// words of other errands ("order new filter cartridges", "turn on the
	// lights"): whatever else matches, this is not for the device
	unserved := qr.off || x.unservedAction(qr)
	// a request whose only known words name a thing, beside words no
	// target knows, is about something else ("the warranty on this pump")
	if onlyThings, unknown := x.thingsAndUnknown(qr); onlyThings && (unknown || qr.off) {
		for ti := range scores {
			scores[ti] *= 0.65
		}
	}
	// an action on something no target knows ("turn off the lights in the
	// canteen", "mach die Hallenbeleuchtung aus"): the verb is ours, the
	// object is not
	if x.actionOnUnknown(qr) {
		for ti := range scores {
			scores[ti] *= 0.6
		}
	}
	// a question about the state of something no target knows ("Wie
	// funktioniert eigentlich ein Dieselmotor?", "is the Blorbomat
	// running?"): the state word is ours, what it is asked of is not
	if qr.read && !qr.act && x.stateOfUnknown(qr) {
		for ti := range scores {
			scores[ti] *= 0.8
		}
	}
	// only the best by words are filled and weighed further: the work per
	// request does not grow with the number of targets touched
	type scored struct {
		ti int
		s  float64
	}
	pre := make([]scored, 0, len(scores))
	for ti, s := range scores {
		pre = append(pre, scored{ti, s})
	}
	if limit := 5 * x.opts.ShortlistSize; len(pre) > limit {
		sort.Slice(pre, func(i, j int) bool {
			if pre[i].s != pre[j].s {
				return pre[i].s > pre[j].s
			}
			return pre[i].ti < pre[j].ti
		})
		pre = pre[:limit]
	}
	cands := make([]Candidate, 0, len(pre))
	for _, p := range pre {
		ti, s := p.ti, p.s
		t := &x.targets[ti]
		if qr.when != nil && t.ID == "postSchedule" {
			continue
		}
		c := x.fill(t, qr)
		s = x.adjust(t, qr, s, c)
		if qr.record != "" && t.Risk != "read" && x.mentions(t, []string{qr.record}) == 0 {
			s *= 0.7 // "cancel the tank fill we scheduled": not the fill
		}
		switch {
		case qr.foreign:
			// the object is not ours ("die Temperatur im Besprechungsraum"):
			// however well the rest matches, it asks about something else
			s *= 0.5
		case unserved:
			s *= 0.6 // after the evidence: an id it names does not make it ours
		}
		if s < x.opts.MinCandidateScore {
			continue
		}
		c.Score = math.Round(math.Min(1, s)*1000) / 1000
		cands = append(cands, c)
	}
	x.itemOverList(cands, qr.read && !qr.act)
	if qr.read && !qr.act && qr.past {
		x.recordOverHistory(cands, qr)
	}
	x.stateOverOthers(cands, qr)
	x.historyAtTimePast(cands, qr)
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].Score != cands[j].Score {
			return cands[i].Score > cands[j].Score
		}
		return cands[i].Target < cands[j].Target
	})
	if len(cands) > x.opts.ShortlistSize {
		cands = cands[:x.opts.ShortlistSize]
	}
	for i := range cands {
		cands[i].Direction = x.targets[x.byID[cands[i].Target]].direction
	}
	res.Shortlist = cands
	// "schedule a backflush" schedules it; "delete schedule 4" is about one
	if res.Scheduled && len(cands) > 0 && x.mentions(&x.targets[x.byID[cands[0].Target]], []string{x.d.concepts.Schedule}) > 0 {
		res.Scheduled = false
	}
	// "restart at 6", "reinicia a las 3": an hour alone is when to act for
	// a change that takes no number; "set the valve at 20" sets 20
	if qr.when == nil && qr.bareWhen != nil && !qr.past && len(cands) > 0 {
		if t := &x.targets[x.byID[cands[0].Target]]; t.Risk != "read" && t.numeric == 0 && !takesTimeArg(t, x.d.concepts.TimeArgs) {
			res.When = qr.bareWhen
		}
	}
	// a date argument takes the time ("today's report", "the report of
	// 2026-11-28"): then it is not a schedule; nor is a bare "today" or a
	// time already past. A day to come is no report's date: "El lunes a
	// primera hora, saca el informe diario" asks for it on Monday
	if qr.when != nil {
		usedByDate := false
		if len(cands) > 0 {
			t := &x.targets[x.byID[cands[0].Target]]
			if cands[0].Args == nil {
				cands[0].Args = map[string]any{}
			}
			for _, a := range t.Args {
				switch {
				case a.Type == "date" && qr.when.dayOnly && !qr.futureDay():
					cands[0].Args[a.Name] = qr.when.At.Format("2006-01-02")
					usedByDate = true
				case a.Type == "string" && containsStr(x.d.concepts.TimeArgs, a.Name):
					// "set the clock to 14 h 05": the time stays reported, so
					// that the Core can check the claim against it
					cands[0].Args[a.Name] = qr.when.At.Format(time.RFC3339)
				default:
					continue
				}
				if cands[0].Grounding == nil {
					cands[0].Grounding = map[string]string{}
				}
				cands[0].Grounding[a.Name] = GroundStated
				cands[0].Missing = remove(cands[0].Missing, a.Name)
			}
		}
		// a time already past stays: a change asked for then is no change
		// to make now ("restart on the 5th at 3am", when that has passed),
		// and the Core asks
		if usedByDate || qr.when.dateOnly {
			res.When = nil
		}
	}
	if qr.recordTimed {
		res.When = nil // "cancel tonight's restart" cancels it now
	}
	x.nudged(qr, cands)
	switch {
	case len(cands) == 0 || cands[0].Score < x.opts.MatchThreshold:
		res.Decision = DecisionNone
	case cands[0].Score < x.opts.UnanchoredThreshold && !qr.namesOurs() && !x.safeDirection(cands[0].Target) && !x.saysOwnWord(qr, cands[0].Target):
		// "Wer hat eigentlich die Glühbirne erfunden?": a weak match on
		// common words alone, with nothing of this system named and no
		// word of the target's own. Stopping and undoing are never turned
		// away for it (§6.2: "manos fuera, para toda acción automática",
		// "défaire l'essai numéro 3")
		res.Decision = DecisionNone
	case qr.code:
		// "tank level?; rm -rf /", "'; UPDATE tending SET autonomy=5; --":
		// code is not read around; nothing in it is a request
		res.Decision = DecisionNone
	case qr.neg && qr.act && !qr.read:
		// "don't restart the pump": an action asked not to be done is not a request for it
		res.Decision = DecisionNone
	case len(cands) > 1 && cands[0].Score-cands[1].Score < x.opts.AmbiguityMargin:
		res.Decision = DecisionAmbiguous
	case len(cands) > 1 && cands[1].Score >= x.opts.MatchThreshold && x.destructiveUnasked(qr, cands[0].Target, cands[1].Target):
		res.Decision = DecisionAmbiguous
	default:
		res.Decision = DecisionMatch
	}
	return res
}

// safeDirection: target stops or undoes and changes nothing else (Stop,
// deny, cancel, undo a Trial, suspend a Playbook): an operation that is
// not a GET with the risk of a read.
func (x *Index) safeDirection(id string) bool {
	i, ok := x.byID[id]
	return ok && x.targets[i].Risk == "read" && x.targets[i].Method != "" && x.targets[i].Method != "GET"
}

// saysOwnWord: the request has a word that target's texts use and at most
// one other target's do ("firmware", "backup", "knowledge"): a word of the
// system's own functions anchors a request that names no entity.
func (x *Index) saysOwnWord(qr *query, id string) bool {
	i, ok := x.byID[id]
	if !ok {
		return false
	}
	for c := range qr.q {
		if x.df[c] > 0 && x.df[c] <= 2 && x.uses(&x.targets[i], c) {
			return true
		}
	}
	return false
}

// namesOurs: the request names something of this system: a property, a
// component, a definition or another entity, an id of ours, an operation.
func (qr *query) namesOurs() bool {
	return len(qr.ents) > 0 || len(qr.idEnts) > 0 || len(qr.named) > 0
}

func hasRef(refs []EntityRef, id string) bool {
	for _, r := range refs {
		if r.ID == id {
			return true
		}
	}
	return false
}

// adjust applies the evidence that is not word overlap: read or act,
// units of the quantities, missing arguments, stopping a thing.
func (x *Index) adjust(t *tgt, qr *query, s float64, c Candidate) float64 {
	bonus := func(b float64) { s += b * math.Max(0, 1-s) * 2 }
	// "what's the pump state on the station?": a read that names one
	// property of a thing asks for that property, not for a summary of
	// the whole system that takes no argument
	if qr.read && !qr.act && len(t.Args) == 0 && len(t.argEntity) == 0 {
		if m, unique, ok := bestOfKind(qr.ents, "property"); ok && unique && strings.Contains(m.ref.ID, ".") && x.namesThingOfProperty(qr, m.ref.ID) {
			s *= 0.85
		}
	}
	read := t.Risk == "read"
	if qr.read && !qr.act {
		if read && !qr.readImplied {
			bonus(0.08)
		} else if !read {
			s *= 0.65
		}
	}
	if qr.act && !qr.read && read && !qr.halt {
		s *= 0.85
	}
	// a question about now ("what data is allowed to leave the station?")
	// is not for the targets that keep history, unless history is asked
	// for in words ("the valve log", "the flow's history")
	if !qr.past && qr.read && !qr.act && x.aboutWhatWas(t) && !saysAny(qr, x.d.concepts.History) {
		s *= 0.97
	}
	// a question about the past ("has the pump been running all night?")
	// is for the targets that keep history
	if qr.past && qr.read && !qr.act {
		_, _, namesProp := bestOfKind(qr.ents, "property")
		switch {
		case x.mentions(t, x.d.concepts.Present) > 0:
			s *= 0.85 // a live stream does not tell what was
		case saysAny(qr, x.d.concepts.Statistics) && x.mentions(t, x.d.concepts.Statistics) > 0:
			bonus(0.1) // "max heater temperature in the last hour": a statistic of what was
		case saysAny(qr, x.d.concepts.Statistics) && x.mentions(t, x.d.concepts.History) > 0:
			// the values one by one compute no maximum: no bonus for the past
		case qr.whyPast && t.ID == x.d.concepts.ChangeRecord:
			bonus(0.2) // why a thing changed is what the record of what happened tells
		case qr.why && x.mentions(t, x.d.concepts.History) > 0:
			if !x.takesKind(t, "property") {
				bonus(0.1) // why the pump stopped is in the record of what happened, not in its values
			}
		case x.mentions(t, x.d.concepts.History) > 0 && (!namesProp || x.takesKind(t, "property")):
			bonus(0.1) // "has the pump been running all night": that property's history
		case qr.when != nil && qr.when.At.Before(qr.now):
			s *= 0.75 // "the tank level at 6 this morning": a time gone by
		default:
			s *= 0.85 // the value now is not what was asked
		}
	}
	// "restart the pump": a component named is for the targets that take
	// it or name it, not for the whole system's ("reboot the controller"
	// and "restart the system" name what the system's restart names)
	if t.Kind == "operation" && !x.takesKind(t, "component") && !x.saysMeta(qr) {
		for _, m := range qr.ents {
			if m.ref.Kind == "component" && !x.isSystem(m.ref.ID) && x.mentions(t, m.covered) == 0 {
				s *= 0.9
				break
			}
		}
	}
	// "min, max et moyenne de la température": statistics are for the
	// targets that compute them, not for the values one by one
	if (qr.read || qr.readImplied || !qr.act) && !qr.act && x.mentions(t, x.d.concepts.Statistics) == 0 {
		// each statistic asked for weighs against the others: "la
		// consommation moyenne et le pic"
		for _, c := range x.d.concepts.Statistics {
			if _, said := qr.q[c]; said {
				s *= 0.75
			}
		}
	}
	// "who changed the flow yesterday?": a question about a person is for
	// the targets that tell who (the Rhythm, the caller, the tokens), not
	// for the values that changed
	for _, c := range x.d.concepts.Person {
		if _, said := qr.q[c]; said && qr.read && x.mentions(t, []string{c}) == 0 {
			s *= 0.8
		}
	}
	// "add the filter backflush to the allowlist", "a playbook that fills
	// the tank": the command is the object of the allowlist or Playbook
	if t.Kind == "command" {
		for _, m := range x.d.concepts.Meta {
			if _, said := qr.q[m]; said && x.mentions(t, []string{m}) == 0 {
				s *= 0.75
				break
			}
		}
	}
	// "which components does it have", "liste des définitions": a kind
	// word in the plural asks for the list, not one of them
	for _, kind := range slices.Sorted(maps.Keys(x.d.concepts.KindWords)) {
		for _, w := range x.kindWords(kind) {
			if _, said := qr.q[w]; !said || !qr.plural(w) || x.mentions(t, []string{w}) == 0 {
				continue
			}
			if x.takesKind(t, kind) {
				s *= 0.92
			} else if len(t.Args) == 0 || !anyRequired(t.Args) {
				bonus(0.06)
			}
		}
	}
	// quantities with units favour targets whose arguments take them
	unitMatch, unitMiss, anyUnit := false, false, false
	for _, q := range qr.qty {
		if q.Unit == "" {
			continue
		}
		anyUnit = true
		found := false
		for _, u := range t.argUnits {
			if u != "" && u == q.Unit {
				found = true
			}
		}
		if found {
			unitMatch = true
		} else if t.numeric > 0 {
			unitMiss = true
		}
	}
	if unitMatch {
		bonus(0.12)
	} else if anyUnit && !qr.read && t.numeric == 0 && !containsStr(x.d.concepts.FreeForm, t.ID) && !(qr.calibrating && x.mentions(t, x.d.concepts.Offsets) > 0) {
		// the value must go somewhere: "pump at 55 l/min" is not "start
		// the pump"; a calibration's numbers are the sensor's error
		s -= 0.15
	} else if unitMiss {
		s -= 0.08
	}
	if c.unusedQty > 0 {
		s -= 0.06 // "show schedule 3": the list has no place for the 3
	}
	if qr.spanBack && qr.read && !qr.act && x.takesSpan(t, c) {
		bonus(0.1) // "the tank level over the last two hours": its history
	}
	if c.fromText > 0 && len(qr.idKinds) > 0 {
		// "is alert al-17 still open?": the id is an alert's, not a Trial's
		if x.mentions(t, qr.idKinds) > 0 {
			bonus(0.06)
		}
	}
	if c.fromText > 0 {
		bonus(0.06) // "show alert 4": the one alert, not the list
	} else if len(qr.idents) > 0 && hasDigits(qr.idents) {
		s -= 0.06 // "fault E42": the list has no place for E42
	}
	if len(c.Missing) > 0 {
		s -= 0.08 * math.Min(2, float64(len(c.Missing)))
		if qr.all {
			s -= 0.1 // "every property": the list, not one that needs naming
		}
	}
	// a thing named by the words (not in a stop request) favours its commands
	if t.thing != "" && !qr.halt {
		for cpt := range qr.q {
			if x.thingOf[cpt] == t.thing {
				bonus(0.03)
				break
			}
		}
	}
	// a command of the thing whose property the request names ("set the
	// flow": pump.flow belongs to the pump's commands)
	if t.Kind == "command" && t.thing != "" && !qr.read {
		for _, m := range qr.ents {
			if m.ref.Kind == "property" && strings.HasPrefix(m.ref.ID, t.thing+".") && x.mentions(t, m.covered) >= 1 {
				bonus(0.08)
				break
			}
		}
	}
	// "delete the definition com.acme.mixer.set_speed", "show the daily
	// report command": the request is about the command, not a call of it
	if t.Kind == "command" && x.saysKind(qr, "definition") {
		for _, m := range qr.ents {
			if m.ref.Kind == "definition" && m.ref.ID == t.ID {
				s *= 0.75
				break
			}
		}
	}
	if qr.specific && !read && x.hasEntityArg(t) {
		s *= 0.8
	}
	if qr.hasThng && !t.Halt && (t.ID == "postTendingStop" || t.ID == "postSystemShutdown") {
		s *= 0.5
	}
	// "calibrate the level sensor on the reserve tank, it reads 5% high":
	// only a calibration calibrates, whatever else the words name (last,
	// so no bonus for the 5% undoes it)
	if qr.calibrating && x.mentions(t, x.d.concepts.Offsets) == 0 {
		s *= 0.6
	}
	return s
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// takesSpan: c fills one of t's arguments in seconds (a history's
// sinceSec, a statistic's windowSec).
func (x *Index) takesSpan(t *tgt, c Candidate) bool {
	for i, a := range t.Args {
		if _, ok := c.Args[a.Name]; ok && i < len(t.argUnits) && t.argUnits[i] == "s" {
			return true
		}
	}
	return false
}

// mentions counts the concepts of cs, other than things, that the
// target's texts use.
func (x *Index) mentions(t *tgt, cs []string) int {
	n := 0
	for _, c := range cs {
		if x.thingOf[c] == "" && x.uses(t, c) {
			n++
		}
	}
	return n
}

// uses: one of t's texts has concept c.
func (x *Index) uses(t *tgt, c string) bool {
	for _, di := range t.docs {
		if containsStr(x.docs[di].concepts, c) {
			return true
		}
	}
	return false
}

// saysMeta: the request names the allowlist, a Playbook or a definition,
// whose object the rest of it is.
func (x *Index) saysMeta(qr *query) bool {
	return saysAny(qr, x.d.concepts.Meta)
}

// isSystem: the component is the system itself (an alias of it is
// "system", "station", "Anlage"): every operation is about it.
func (x *Index) isSystem(id string) bool {
	return x.systemParts[id]
}

func (x *Index) hasEntityArg(t *tgt) bool {
	for _, k := range t.argEntity {
		if k != "" {
			return true
		}
	}
	return false
}

// identifiers finds words that look like ids: letters and digits mixed, or
// joined by '-', '.', '_' ("E42", "F-103", "low-level-refill",
// "com.acme.pump.set_flow"), but not numbers, units or known entity ids.
func identifiers(text string, toks []token, x *Index) []string {
	var out []string
	pos := 0
	for _, f := range strings.Fields(text) {
		at := strings.Index(text[pos:], f) + pos
		pos = at + len(f)
		f = trimIDPunct(f)
		if len(f) < 2 || strings.HasPrefix(f, "/") {
			continue // a path: its parameters are taken by namedByPath
		}
		used := false
		for _, t := range toks {
			if t.used && t.start >= at && t.end <= pos && t.kind != 's' {
				used = true
			}
		}
		if used && !isUUID(f) {
			continue // part of a time, a quantity or a component id
		}
		hasDigit, hasLetter, hasJoin, odd := false, false, false, false
		for i, r := range f {
			switch {
			case strings.ContainsRune("<>(){}[]=;:$`|&*\\\"'!?@#%^+~,", r):
				odd = true // markup or code is no id: "<script>", "$(rm"
			case r >= '0' && r <= '9':
				hasDigit = true
			case r == '-' || r == '.' || r == '_' || r == '/':
				if i > 0 && i < len(f)-1 {
					hasJoin = true
				}
			case unicode.IsLetter(r):
				hasLetter = true
			}
		}
		if odd {
			continue
		}
		if !hasLetter && !(hasDigit && strings.Count(f, ".") >= 2) && !isUUID(f) {
			continue // "2.0.1" is a version; "40" is a number
		}
		if !(hasDigit || hasJoin) {
			continue
		}
		if !hasDigit && !longParts(f) {
			continue // "a-t-il", "Wi-Fi"
		}
		if x.isWord(Normalize(f)) {
			continue // "self-test", "dix-sept": words, not ids
		}
		if _, isUnit := x.d.units.byFirst[strings.ToLower(f)]; isUnit {
			continue
		}
		toks := tokenize(f)
		if _, end, isUnit := x.d.units.match(toks, 0); isUnit && end == len(toks) {
			continue // "l/min", "m³/h"
		}
		if len(toks) > 1 && toks[0].kind == 'n' {
			if _, end, isUnit := x.d.units.match(toks, 1); isUnit && end == len(toks) {
				continue // "72C", "40L/min"
			}
		}
		if !hasDigit && x.allWords(toks) {
			continue // "sixty-five", "self-test"
		}
		if _, known := x.entityIDs[f]; known {
			continue
		}
		out = append(out, f)
	}
	return out
}

// longParts: at least two parts of three letters or more ("low-level-refill").
func longParts(f string) bool {
	n := 0
	for _, p := range strings.FieldsFunc(f, func(r rune) bool { return r == '-' || r == '.' || r == '_' || r == '/' }) {
		if len(p) >= 3 {
			n++
		}
	}
	return n >= 2
}

// isWord reports whether a normalised phrase is in some language pack.
func (x *Index) isWord(w string) bool {
	for _, l := range Languages {
		p := x.d.packs[l]
		if _, ok := p.lex[w]; ok {
			return true
		}
		if _, ok := p.nums[w]; ok {
			return true
		}
		if p.stop[w] {
			return true // "montrez-moi" is two words, not an id
		}
	}
	return false
}

// markIdents marks the tokens of identifiers with digits, and of slugs,
// used, so "E42" is not 42; the words of "Rhythm-Eintrag" still count.
func markIdents(text string, toks []token, ids []string) {
	pos := 0
	for _, id := range ids {
		// a slug of three parts or more is a name too ("pb-high-pressure"
		// names a Playbook, not the pressure)
		slug := len(strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' })) >= 3
		if !strings.ContainsAny(id, "0123456789") && !slug {
			continue
		}
		at := strings.Index(text[pos:], id)
		if at < 0 {
			continue
		}
		at += pos
		pos = at + len(id)
		for k := range toks {
			if toks[k].start >= at && toks[k].end <= pos {
				toks[k].used = true
			}
		}
	}
}

func hasKind(refs []EntityRef, kind string) bool {
	for _, r := range refs {
		if r.Kind == kind {
			return true
		}
	}
	return false
}

// allWords: every word token is a word of some pack.
func (x *Index) allWords(toks []token) bool {
	for _, t := range toks {
		if t.kind == 'w' && !x.isWord(t.text) && !x.ownNames[t.text] { // "Acme-Steuerung"
			return false
		}
	}
	return true
}

func remove(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

func hasDigits(ids []string) bool {
	for _, id := range ids {
		if strings.ContainsAny(id, "0123456789") {
			return true
		}
	}
	return false
}

// thingsAndUnknown reports whether every concept of the request that some
// target knows names a thing or component, and whether some concept is
// known to no target.
func (x *Index) thingsAndUnknown(qr *query) (onlyThings, unknown bool) {
	onlyThings = true
	known := 0
	for c := range qr.q {
		if x.df[c] == 0 && !x.entityWord[c] {
			unknown = true
			continue
		}
		known++
		if x.thingOf[c] == "" && !x.isComponentWord(c) {
			onlyThings = false
		}
	}
	return onlyThings && known > 0, unknown
}

// isComponentWord: the concept names a component (its id or title words).
func (x *Index) isComponentWord(c string) bool {
	return x.aliasOf(c, func(e Entity) bool { return e.Kind == "component" || e.Kind == "thing" })
}

// aliasOf: concept c alone is an alias of an entity keep accepts.
func (x *Index) aliasOf(c string, keep func(e Entity) bool) bool {
	for _, m := range x.entities {
		if keep(m.e) && slices.ContainsFunc(m.aliases, func(a []string) bool { return len(a) == 1 && a[0] == c }) {
			return true
		}
	}
	return false
}

// unservedAction: the request asks for an action no target performs, or
// only a person may ("approve action 42": approving is never a /serve
// target, §6.2), so whatever else matches is only its object.
func (x *Index) unservedAction(qr *query) bool {
	if !qr.act || qr.read {
		return false
	}
	person, other := false, false
	for c := range qr.q {
		switch {
		case containsStr(x.d.concepts.PersonOnly, c):
			person = true
		case x.action[c] && x.dfAct[c] == 0:
			return true
		case x.action[c]:
			other = true
		}
	}
	return person && !other
}

// partOfProperty drops a component named only as the owner of a property
// the request names ("the litres of water in the tank" is tank.volume, not
// tank-1), unless the request calls it a component.
func partOfProperty(ms []entityMatch, q map[string]float64) []entityMatch {
	if _, says := q["component"]; says {
		return ms
	}
	out := ms[:0:0]
	for _, m := range ms {
		if m.ref.Kind == "component" {
			thing, _, _ := strings.Cut(idWords(m.ref.ID), " ")
			owned := false
			for _, o := range ms {
				if o.ref.Kind == "property" && strings.HasPrefix(o.ref.ID, thing+".") {
					owned = true
				}
			}
			if owned {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// codeLike: the request carries code or markup ("'; DROP TABLE", "<script>",
// "$(rm -rf /)"): whatever words it shares with a target, it is not a request
// to the device. (The text is never executed either way.)
func codeLike(text string) bool {
	for _, sig := range []string{"--", "curl ", "wget ", "| sh", "| bash", "';", "\";", "<script", "</", "/>", "$(", "${", "`", "&&", "||", "/*", "*/", "rm -rf", "\":", "{\"", "/etc/", "/bin/", "/usr/", "/var/", "/root", "~/", "c:\\", "sudo ", "select * ", "drop table", "insert into", "union select", "1=1"} {
		if strings.Contains(strings.ToLower(text), sig) {
			return true
		}
	}
	return false
}

// arithmetic: two numbers joined by an operator ("37 times 12", "250
// entre 4", "17 × 23") are a sum to work out, not a value for the device.
func (x *Index) arithmetic(toks []token, nums []numSpan) bool {
	for i := 0; i+1 < len(nums); i++ {
		a, b := nums[i], nums[i+1]
		if gap := b.start - a.end; gap < 1 || gap > 2 {
			continue // one or two words between: "times", "geteilt durch", "divided by"
		}
		if a.end-a.start == 1 && b.end-b.start == 1 && toks[a.start].kind == 'w' && toks[a.start].text == toks[b.start].text {
			continue // "uno por uno", "one by one": one after the other, no sum
		}
		if _, _, unit := x.d.units.match(toks, a.end); unit {
			continue // "10 por ciento"
		}
		ops := true
		for k := a.end; k < b.start; k++ {
			if op := toks[k].text; op != "×" && !containsStr(x.d.concepts.Arithmetic, op) {
				ops = false
			}
		}
		if ops {
			for k := a.end; k < b.start; k++ {
				toks[k].used = true // "times" is no time here
			}
			return true
		}
	}
	return false
}

// aboutWhatWas: a third or more of the target's phrases ask about the past
// ("what has left the system", "what was sent to the cloud"): it tells what
// was, not what is.
func (x *Index) aboutWhatWas(t *tgt) bool {
	n, past := 0, 0
	for _, di := range t.docs {
		if d := &x.docs[di]; d.weight >= 1 {
			n++
			if d.past {
				past++
			}
		}
	}
	return n > 0 && 3*past >= n
}

// saysOtherDeed: the request names a deed besides stopping ("Automatik
// nach dem Stopp wieder aufnehmen" resumes).
func (x *Index) saysOtherDeed(qr *query) bool {
	for c := range qr.q {
		// the story's deeds are told ("Die Automatik … stellt dauernd das
		// Ventil um. Stopp!")
		if qr.toldInStory(c) {
			continue
		}
		if x.action[c] && !x.haltC[c] && !x.stopOnly[c] {
			return true
		}
	}
	return false
}

// takesTimeArg: the target has an argument for a time ("set the clock to 6").
func takesTimeArg(t *tgt, names []string) bool {
	for _, a := range t.Args {
		if containsStr(names, a.Name) {
			return true
		}
	}
	return false
}

// saysAny: the request says one of the concepts cs.
func saysAny(qr *query, cs []string) bool {
	for _, c := range cs {
		if _, ok := qr.q[c]; ok {
			return true
		}
	}
	return false
}

// askedDeed: a polite opener asks for the deed at actAt, with no read word
// between them ("Est-ce que tu pourrais changer le débit ?": "est-ce que"
// only makes it a question); "can you check whether the pump stopped?"
// asks to check.
func askedDeed(markers marks, actAt int) bool {
	if actAt < 0 {
		return false
	}
	for _, ask := range markers["@ask"] {
		if ask >= actAt {
			continue
		}
		between := false
		for _, r := range markers["@read"] {
			if r > ask && r < actAt {
				between = true
			}
		}
		if !between {
			return true
		}
	}
	return false
}

// namesChange: the sentence of the why at whyAt names, in the request's
// own words, a deed or a change of state ("stop", "running"), not only a
// value ("pourquoi y a une alarme ? quelles alertes sont ouvertes" asks
// about the alarm).
func (x *Index) namesChange(toks []token, cs []conceptTok, context []bool, whyAt int) bool {
	end := len(toks)
	for i := whyAt + 1; i < len(toks); i++ {
		if toks[i].opens {
			end = i
			break
		}
	}
	for _, ct := range cs {
		if ct.start > whyAt && ct.start < end && (context == nil || !context[ct.start]) && (x.action[ct.c] || containsStr(x.d.concepts.States, ct.c)) {
			return true
		}
	}
	return false
}

// dropQualified leaves out a property named by one word that another
// target's word qualifies right before it ("the access level of the token",
// "the alarm level", "the log level": not the tank's level); the thing's own
// word or a value's name before it keeps it ("tank level", "water level").
func (x *Index) dropQualified(ents []entityMatch, span map[string][2]int, cs []conceptTok) []entityMatch {
	return slices.DeleteFunc(ents, func(m entityMatch) bool {
		if m.ref.Kind != "property" || len(m.covered) != 1 || !containsStr(x.d.concepts.Qualified, m.covered[0]) {
			return false
		}
		sp, ok := span[m.covered[0]]
		if !ok || sp[0] == 0 {
			return false
		}
		return slices.ContainsFunc(cs, func(ct conceptTok) bool {
			return ct.end == sp[0] && !ct.typo && x.df[ct.c] > 0 && !x.action[ct.c] && !x.entityWord[ct.c] && x.thingOf[ct.c] == ""
		})
	})
}

// dropOwningSystem leaves out the system named only as the owner of a
// thing or value the request names ("¿El transportador de la estación
// está en marcha?", "any alarms open on the pump station?", "the station
// valve"): it says the thing is ours, it is not what is asked about.
func (x *Index) dropOwningSystem(p *pack, toks []token, ents []entityMatch, span map[string][2]int) []entityMatch {
	other := slices.ContainsFunc(ents, func(m entityMatch) bool {
		return m.ref.Kind == "property" || (m.ref.Kind == "component" && !x.isSystem(m.ref.ID))
	})
	if !other {
		return ents
	}
	return slices.DeleteFunc(ents, func(m entityMatch) bool {
		if m.ref.Kind != "component" || !x.isSystem(m.ref.ID) || len(m.covered) == 0 {
			return false
		}
		sp, ok := span[m.covered[0]]
		if !ok {
			return false
		}
		i := articlesBefore(p, toks, sp[0]) - 1
		owner := i >= 0 && toks[i].kind == 'w' && p.propertyOf[toks[i].text]
		before := sp[1] < len(toks) && slices.ContainsFunc(ents, func(o entityMatch) bool {
			return (o.ref.Kind == "property" || o.ref.Kind == "component" && !x.isSystem(o.ref.ID)) && len(o.covered) > 0 && span[o.covered[0]][0] == sp[1]
		}) // "the station valve", "is the station pump on?"
		return owner || before
	})
}

// dropClaimedForeign: a word a concept of the request claims is not
// foreign ("change the network's gateway to 10.20.30.1": the network's,
// though this system has no gateway module).
func (x *Index) dropClaimedForeign(cs []conceptTok, markers marks) {
	for c, words := range x.d.concepts.Claims {
		if !slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.c == c && !ct.typo }) {
			continue
		}
		markers["@foreign"] = slices.DeleteFunc(markers["@foreign"], func(at int) bool {
			return slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.start <= at && at < ct.end && containsStr(words, ct.c) })
		})
	}
}

// dropClaimed leaves out the properties named only by a word a concept of
// the request claims (concepts.json claims), when the request's own words
// name no thing (a word guessed from a typo does not): "drop autonomy to
// level 2" names no tank.level.
func (x *Index) dropClaimed(ents []entityMatch, q map[string]float64, cs []conceptTok, context []bool) []entityMatch {
	var claimed []string
	for c, words := range x.d.concepts.Claims {
		if _, said := q[c]; said {
			claimed = append(claimed, words...)
		}
	}
	if len(claimed) == 0 {
		return ents
	}
	for _, ct := range cs {
		if x.thingOf[ct.c] != "" && !ct.typo && (context == nil || !context[ct.start]) {
			return ents // "drain the tank to level 20": the tank's
		}
	}
	return slices.DeleteFunc(ents, func(m entityMatch) bool {
		return m.ref.Kind == "property" && !slices.ContainsFunc(m.covered, func(c string) bool { return !containsStr(claimed, c) })
	})
}

// eitherState: a word of alternatives stands between two states or halts
// of one sentence ("funcionando o está parada", "running or stopped").
func (x *Index) eitherState(p *pack, toks []token, cs []conceptTok) bool {
	state := func(c string) bool { return containsStr(x.d.concepts.States, c) || x.haltC[c] }
	words := wordsOf(toks, false)
	for k, i := range words {
		if _, ok := phraseAt(toks, words, k, p.alternatives); !ok {
			continue
		}
		before := slices.ContainsFunc(cs, func(ct conceptTok) bool {
			return ct.end <= i && state(ct.c) && sentenceOf(toks, ct.start) == sentenceOf(toks, i)
		})
		after := slices.ContainsFunc(cs, func(ct conceptTok) bool {
			return ct.start > i && state(ct.c) && sentenceOf(toks, ct.start) == sentenceOf(toks, i)
		})
		if before && after {
			return true
		}
	}
	return false
}

// futureDay: the request's time, a day named relative to today ("el
// lunes", "tomorrow"), falls on a day after today.
func (qr *query) futureDay() bool {
	if qr.when == nil || qr.when.dateOnly {
		return false // "rapport de production du 2026-11-28": a date written out is the report's
	}
	loc := qr.when.At.Location()
	return qr.when.At.Format("2006-01-02") > qr.now.In(loc).Format("2006-01-02")
}

// amountOf is the property a question of how much asks of the one thing
// the request names, from the product's amounts: the tank's level, the
// mixer's speed.
func (x *Index) amountOf(qr *query, text string, toks []token) (entityMatch, bool) {
	thing := ""
	for c := range qr.q {
		if th := x.thingOf[c]; th != "" {
			if thing != "" && th != thing {
				return entityMatch{}, false // two things: which one's?
			}
			thing = th
		}
	}
	word := x.d.amounts[thing]
	if word == "" || !x.cz.known[word] {
		return entityMatch{}, false
	}
	if m, _, ok := bestOfKind(x.entitiesWith(qr, text, toks, []string{word}), "property"); ok && strings.HasPrefix(m.ref.ID, thing+".") {
		return m, true
	}
	return entityMatch{}, false
}

// entitiesWith matches the entities again with concepts the request implies
// but does not say (a unit's dimension, a thing's amount), weighed as a
// unit's word.
func (x *Index) entitiesWith(qr *query, text string, toks []token, implied []string) []entityMatch {
	q := maps.Clone(qr.q)
	for _, c := range implied {
		if _, said := q[c]; !said {
			q[c] = unitWeight
		}
	}
	return partOfProperty(x.refined(matchEntities(x.entitiesOf(q), q, qr.span, text, toks)), q)
}

// unitImplied are the concepts the units of the quantities measure
// ("65 degrees": temperature; "40 l/min": flow), for the units whose
// dimension names a value (not a fraction or a duration).
func (x *Index) unitImplied(qty []Quantity) []string {
	var out []string
	for _, q := range qty {
		if dim := x.d.units.dims[q.Unit]; dim != "" && dim != "fraction" && dim != "time" && x.cz.known[dim] {
			out = append(out, dim)
		}
	}
	return out
}

// atHour: toks[i] follows a word that says at what hour ("at 6", "um 6",
// "a las 6", "vers 6"), a stop word (an article) between allowed.
func atHour(p *pack, toks []token, i int) bool {
	if i > 0 && p.timeSet["at"][toks[i-1].text] {
		return true
	}
	return i > 1 && p.stop[toks[i-1].text] && p.timeSet["at"][toks[i-2].text]
}

// planInStory: the token at opens a stretch of the story that lists deeds
// or things of ours ("Planning de la semaine : nettoyage filtre, reset du
// convoyeur"), not a clause of only a vague time ("Later on, …").
func (x *Index) planInStory(toks []token, cs []conceptTok, context []bool, at int) bool {
	if context == nil || !context[at] {
		return false
	}
	// the story from the plan's word on, up to the request
	end := at
	for end < len(toks) && context[end] {
		end++
	}
	return slices.ContainsFunc(cs, func(ct conceptTok) bool {
		return ct.start > at && ct.start < end && !ct.typo && (x.action[ct.c] || x.thingOf[ct.c] != "")
	})
}

// sentenceHasRequest: the sentence of toks[i] holds a token of the request.
func sentenceHasRequest(toks []token, context []bool, i int) bool {
	si := sentenceOf(toks, i)
	for k := range toks {
		if !context[k] && sentenceOf(toks, k) == si && toks[k].kind == 'w' {
			return true
		}
	}
	return false
}

// apartFromRequest: token i is the story's, in a sentence that holds none
// of the request's own words (false with no story, or no such token).
func apartFromRequest(toks []token, context []bool, i int) bool {
	return context != nil && i >= 0 && i < len(context) && context[i] && !sentenceHasRequest(toks, context, i)
}

// saysAfter: a concept of list follows the token at.
func (x *Index) saysAfter(cs []conceptTok, at int, list []string) bool {
	return slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.start > at && containsStr(list, ct.c) })
}

// anyAction: some concept of cs is an action ("set", "start").
func (x *Index) anyAction(cs []conceptTok) bool {
	for _, ct := range cs {
		if x.action[ct.c] {
			return true
		}
	}
	return false
}

// conversion: a question about units alone ("how many bar is 100 psi?",
// "¿cuántos litros son tres galones?"): two units named and no thing or
// property of this system but what the units themselves say; arithmetic,
// not a reading.
func (x *Index) conversion(p *pack, toks []token, cs []conceptTok, qty []Quantity, unitWords []unitMention) bool {
	inUnit := make([]bool, len(toks))
	n := 0
	// "Wie viele Minuten sind dreieinhalb Stunden?": a span of time asked
	// for in another unit of time is a conversion too
	timeAsked := x.timeUnitAsked(p, toks, inUnit)
	if timeAsked {
		n++
	}
	for _, um := range unitWords {
		n++
		for i := um.start; i < um.end; i++ {
			inUnit[i] = true
		}
	}
	for _, q := range qty {
		if q.Unit == "" || x.d.units.dims[q.Unit] == "time" && !timeAsked {
			continue
		}
		n++
		for i, t := range toks {
			if t.start >= q.Start && t.end <= q.End {
				inUnit[i] = true
			}
		}
	}
	for _, ct := range cs {
		if !slices.Contains(inUnit[ct.start:ct.end], true) && (x.entityWord[ct.c] || x.thingOf[ct.c] != "") {
			return false // "how many litres per minute is the pump doing in m³/h?"
		}
	}
	return n >= 2
}

// timeUnitAsked: a word of asking how many (pack howMany) stands right
// before a unit of time ("how many minutes", "combien de secondes"); its
// tokens are marked in inUnit.
func (x *Index) timeUnitAsked(p *pack, toks []token, inUnit []bool) bool {
	words := wordsOf(toks, false)
	for k, i := range words {
		ph, ok := phraseAt(toks, words, k, p.howMany)
		if !ok || k+len(ph) >= len(words) {
			continue
		}
		j := words[k+len(ph)]
		if a, end, unit := x.d.units.match(toks, j); unit && x.d.units.dims[a.unit] == "time" {
			for m := i; m < end; m++ {
				inUnit[m] = true
			}
			return true
		}
	}
	return false
}

// itemOverList: when the request names one object by its id ("show schedule
// 3", "la entrada 42 del Rhythm"), the operation that reads that one object
// leads the operation that lists them all (getSchedule over getSchedules).
// The pairs come from the ids: a list is the item's id plus "s" ("ies"),
// or a prefix of it (getRhythm, getRhythmEntry).
func (x *Index) itemOverList(cands []Candidate, read bool) {
	for i := range cands {
		if len(cands[i].Missing) > 0 {
			if read {
				listOverItem(cands, i)
			}
			continue
		}
		if cands[i].fromText == 0 {
			continue
		}
		item := cands[i].Target
		for j := range cands {
			list := cands[j].Target
			if i == j || len(cands[j].Args) > 0 || !listOf(list, item) {
				continue
			}
			if cands[i].Score <= cands[j].Score {
				cands[i].Score = math.Min(1, math.Round((cands[j].Score+0.05)*1000)/1000)
				// at the top of the scale the list steps down instead
				cands[j].Score = math.Min(cands[j].Score, cands[i].Score-0.05)
			}
		}
	}
}

// listOverItem: a question about one object without its id ("liste des
// consultations envoyées", "show the schedule") is answered by the list of
// them, which needs no id, rather than by asking for one.
func listOverItem(cands []Candidate, i int) {
	for j := range cands {
		if i == j || len(cands[j].Missing) > 0 || !listOf(cands[j].Target, cands[i].Target) {
			continue
		}
		if cands[j].Score <= cands[i].Score+0.02 {
			cands[j].Score = math.Min(1, math.Round((cands[i].Score+0.03)*1000)/1000)
		}
	}
}

func listOf(list, item string) bool {
	switch {
	case list == item+"s":
		return true
	case strings.HasSuffix(item, "y") && list == item[:len(item)-1]+"ies":
		return true
	}
	return strings.HasPrefix(item, list) && len(item) > len(list) && unicode.IsUpper(rune(item[len(list)]))
}

// vague returns the commands a request could mean when it asks for a change
// and names nothing to change ("set it to 50", "stell das auf 30", "start
// it"): every word it has is an action that commands of two or more things
// share. With a value, only commands that take it. Nil when the request is
// not vague.
func (x *Index) vague(qr *query) []Candidate {
	if qr.read || qr.neg || qr.off || qr.when != nil || len(qr.q) == 0 || qr.namesSomething() {
		return nil
	}
	var cmds []int
	for c := range qr.q {
		if !x.action[c] || x.haltC[c] || x.thingOf[c] != "" {
			return nil
		}
		things := 0
		for _, th := range slices.Sorted(maps.Keys(x.cmdsOf)) {
			has := false
			for _, ti := range x.cmdsOf[th] {
				if x.mentions(&x.targets[ti], []string{c}) > 0 {
					has = true
					if !slices.Contains(cmds, ti) {
						cmds = append(cmds, ti)
					}
				}
			}
			if has {
				things++
			}
		}
		if things < 2 {
			return nil
		}
	}
	var out []Candidate
	for _, ti := range cmds {
		t := &x.targets[ti]
		c := x.fill(t, qr)
		if len(qr.qty) > 0 && (t.numeric == 0 || len(c.Missing) > 0 || !inRange(t, c)) {
			continue // "set it to 50": the commands that take that number
		}
		c.Score = 0.5
		out = append(out, c)
		if len(out) == x.opts.ShortlistSize {
			break
		}
	}
	return out
}

// kindWords are the concepts that call an entity of kind by its kind: the
// kind itself and its kindWords ("definition", "capability").
func (x *Index) kindWords(kind string) []string {
	return append([]string{kind}, x.d.concepts.KindWords[kind]...)
}

// saysKind: the request calls the entity by its kind ("the pump
// component", "the definition of the daily report").
func (x *Index) saysKind(qr *query, kind string) bool {
	for _, w := range x.kindWords(kind) {
		if _, ok := qr.q[w]; ok && !qr.plural(w) {
			return true
		}
	}
	return false
}

// plural: the word that gave concept c is a plural ("components",
// "componentes", "Komponenten"): the request is about all of them.
func (qr *query) plural(c string) bool {
	sp, ok := qr.span[c]
	if !ok || sp[1]-sp[0] != 1 {
		return false
	}
	w := qr.toks[sp[0]].text
	if qr.lang == "de" {
		return strings.HasSuffix(w, "en") || strings.HasSuffix(w, "s")
	}
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}

// unitWeight is the weight of a unit named without a number: it points at
// the properties measured in it, and says little else.
const unitWeight = 1.5

func unitConcept(unit string) string { return "unit:" + unit }

// stateOfUnknown: every word some target knows names a property's
// attribute without its thing ("running", "pressure"), and some word no
// target or entity knows is left, with no thing, component or id named.
func (x *Index) stateOfUnknown(qr *query) bool {
	if qr.hasThng || len(qr.idEnts) > 0 || len(qr.idents) > 0 {
		return false
	}
	attrs, unknown := 0, 0
	for c := range qr.q {
		switch {
		case c == offTopic || strings.HasPrefix(c, "unit:"):
		case x.df[c] == 0 && !x.entityWord[c]:
			unknown++
		case x.entityWord[c] && x.thingOf[c] == "":
			attrs++
		default:
			return false
		}
	}
	return attrs > 0 && unknown > 0
}

// actionOnUnknown: every word some target knows is an action, and some
// word no target or entity knows is left: the object of the action.
func (x *Index) actionOnUnknown(qr *query) bool {
	actions, unknown := 0, 0
	for c := range qr.q {
		switch {
		case x.df[c] == 0 && !x.entityWord[c] && !strings.HasPrefix(c, "unit:"):
			unknown++
		case x.action[c]:
			actions++
		default:
			return false
		}
	}
	return actions > 0 && unknown > 0
}

// takesKind: the target has an argument that names an entity of kind.
func (x *Index) takesKind(t *tgt, kind string) bool {
	return containsStr(t.argEntity, kind)
}

// extremeOf is the percentage a request states in words, if any: "@zero"
// (close, shut) or "@full" (fully open, all the way, or "@fully" with
// open).
func extremeOf(m marks, cs []conceptTok) string {
	switch {
	case m.has("@full"):
		return "@full"
	case m.has("@zero"):
		return "@zero"
	case m.has("@fully"):
		// "Ventil ganz aufmachen", "open it completely": an adverb of
		// completeness with opening
		for _, ct := range cs {
			if ct.c == "open" {
				return "@full"
			}
		}
		// "drain the tank completely", "Lass den Tank ganz leer laufen":
		// with draining, all the way down
		for _, ct := range cs {
			if ct.c == "drain" {
				return "@zero"
			}
		}
	}
	return ""
}

// extremeValue is the percentage of an extreme marker.
func extremeValue(marker string) float64 {
	if marker == "@full" {
		return 100
	}
	return 0
}

// inRange: every numeric argument filled lies within its declared range.
func inRange(t *tgt, c Candidate) bool {
	for _, a := range t.Args {
		v, ok := c.Args[a.Name].(float64)
		if !ok {
			if n, isInt := c.Args[a.Name].(int64); isInt {
				v, ok = float64(n), true
			}
		}
		if !ok {
			continue
		}
		if (a.Min != nil && v < *a.Min) || (a.Max != nil && v > *a.Max) {
			return false
		}
	}
	return true
}

// firstKindWord is the word of kind said first in the request ("the
// definition of the daily report command": definition), "" if none.
func (x *Index) firstKindWord(qr *query, kind string) string {
	best, at := "", -1
	for _, w := range x.kindWords(kind) {
		if _, ok := qr.q[w]; ok && (at < 0 || qr.span[w][0] < at) {
			best, at = w, qr.span[w][0]
		}
	}
	return best
}

// offTopic is the concept of words of errands no device serves; no target
// has it.
const offTopic = "offtopic"

// saysPast looks for words of the past over every token, those a time
// expression took included: "all night" and "last night" are times, and
// in a question they ask about what was.
func (x *Index) saysPast(toks []token, p *pack, context []bool) bool {
	for n := 3; n >= 1; n-- {
		for i := 0; i+n <= len(toks); i++ {
			if context != nil && context[i] {
				continue // the story's past ("wir haben gestern … getauscht")
			}
			parts := make([]string, n)
			for k := range parts {
				parts[k] = toks[i+k].text
			}
			key := strings.Join(parts, " ")
			if containsStr(p.lex[key], "@past") {
				return true
			}
			// English only for words the request's language does not
			// know: German "was" is "what"
			if _, own := p.lex[key]; !own && !p.stop[key] && containsStr(x.d.packs["en"].lex[key], "@past") {
				return true
			}
		}
	}
	return false
}

func anyRequired(args []Arg) bool {
	for _, a := range args {
		if a.Required {
			return true
		}
	}
	return false
}

// sentences counts the sentences of text: runs ended by . ! ? and a space,
// or the end.
func sentences(text string) int {
	n := 0
	in := false
	for i, r := range text {
		switch {
		case markEndsAt(text, i, ".!?") || r == '\n':
			if in {
				n++
			}
			in = false
		case r != ' ' && r != '\n':
			in = true
		}
	}
	if in {
		n++
	}
	return n
}

// firstDeed is the token of the first action in cs, or -1.
func (x *Index) firstDeed(cs []conceptTok) int {
	first := -1
	for _, ct := range cs {
		if x.action[ct.c] && (first < 0 || ct.start < first) {
			first = ct.start
		}
	}
	return first
}

// pastInClause: clause n tells of the past: a word of the past ("was",
// "gestern") or a participle ("ended") in it.
func pastInClause(p *pack, toks []token, markers marks, clause []int, n int) bool {
	if slices.ContainsFunc(markers["@past"], func(at int) bool { return clause[at] == n }) {
		return true
	}
	for i, t := range toks {
		if clause[i] == n && t.kind == 'w' && !t.used && participle(p, t.orig) {
			return true
		}
	}
	return false
}

// oursInSentence: sentence n tells of a deed, a thing or a value of ours.
func (x *Index) oursInSentence(toks []token, cs []conceptTok, n int) bool {
	return slices.ContainsFunc(cs, func(ct conceptTok) bool {
		return sentenceOf(toks, ct.start) == n && !ct.typo && (x.action[ct.c] || x.thingOf[ct.c] != "" || x.entityWord[ct.c])
	})
}

// ownWords are the concepts of cs the request says itself, not its story.
func ownWords(cs []conceptTok, context []bool) []conceptTok {
	if context == nil {
		return cs
	}
	return slices.DeleteFunc(slices.Clone(cs), func(ct conceptTok) bool { return context[ct.start] })
}

// ownTokens are the request's own tokens, its story left out.
func ownTokens(toks []token, context []bool) []token {
	var out []token
	for i, t := range toks {
		if i >= len(context) || !context[i] {
			out = append(out, t)
		}
	}
	return out
}

// otherThingInClause: the story clause of token i names a thing of ours
// that the request's own words do not, and the request names one.
func (x *Index) otherThingInClause(cs []conceptTok, clause []int, context []bool, i int) bool {
	story, own := map[string]bool{}, map[string]bool{}
	for _, ct := range cs {
		th := x.thingOf[ct.c]
		if th == "" || ct.typo {
			continue
		}
		switch {
		case !context[ct.start]:
			own[th] = true
		case clause[ct.start] == clause[i]:
			story[th] = true
		}
	}
	if len(own) == 0 {
		return false
	}
	for th := range story {
		if !own[th] {
			return true
		}
	}
	return false
}

// ownMarks are markers' kinds given, without those the story holds.
func ownMarks(markers marks, context []bool, kinds ...string) marks {
	out := marks{}
	for _, k := range kinds {
		for _, at := range markers[k] {
			if context == nil || at >= len(context) || !context[at] {
				out[k] = append(out[k], at)
			}
		}
	}
	return out
}

// namesOwnObject: the request's own clause names an object of ours that
// is no thing, no value and no deed: a record, a setting, a module ("the
// pending actions", "the autonomy level", "die Zugangstokens").
func (x *Index) namesOwnObject(cs []conceptTok, context []bool) bool {
	for _, ct := range cs {
		if !context[ct.start] && !ct.typo && x.df[ct.c] > 0 && !x.action[ct.c] && !x.valueWord[ct.c] && !x.entityWord[ct.c] &&
			x.thingOf[ct.c] == "" && !strings.HasPrefix(ct.c, "@") && !containsStr(x.d.concepts.Person, ct.c) {
			return true
		}
	}
	return false
}

// asksInQuestion: a question mark ends a sentence of the request's own
// words.
func asksInQuestion(text string, toks []token, context []bool) bool {
	for i, t := range toks {
		if context[i] {
			continue
		}
		if markFollows(text, t, "?") {
			return true
		}
	}
	return false
}

// tellsAfterTime: the word right after the time expression w, in its
// clause, is no stop word nor article ("morgen kommt eine Reisegruppe",
// "que mañana llega un grupo"): the clause goes on to tell something;
// "tomorrow at 6 please" and "tomorrow morning before the shift" (a word
// that joins on) do not.
func tellsAfterTime(p *pack, text string, toks []token, clause []int, w *TimeExpr) bool {
	at := strings.Index(text, w.Text)
	if at < 0 {
		return false
	}
	last := -1
	for i, t := range toks {
		if t.start < at+len(w.Text) && t.end > at {
			last = i
		}
	}
	if last < 0 {
		return false
	}
	for i := last + 1; i < len(toks) && clause[i] == clause[last]; i++ {
		if t := toks[i]; t.kind == 'w' {
			joins := p.crewPreps[t.text] || p.purpose[t.text] || slices.ContainsFunc(p.subordinate, func(ph []string) bool { return ph[0] == t.text })
			return !t.used && !p.stop[t.text] && !p.articles[t.text] && !joins
		}
	}
	return false
}

// clauseNamesOurs: clause k names a thing, value or entity of ours.
func (x *Index) clauseNamesOurs(cs []conceptTok, clause []int, k int) bool {
	return slices.ContainsFunc(cs, func(ct conceptTok) bool {
		return clause[ct.start] == k && !ct.typo && (x.thingOf[ct.c] != "" || x.valueWord[ct.c] || x.entityWord[ct.c] || x.isComponentWord(ct.c))
	})
}

// correctsOrNames: the number at toks[i] corrects the value asked for (a
// correction of the pack before it in its sentence: "…, no wait, 45") or is the id of
// something a target knows, right after its word ("alert 5", "Alarm 6").
func (x *Index) correctsOrNames(p *pack, toks []token, cs []conceptTok, clause []int, i int) bool {
	words := wordsOf(toks, false)
	for k, w := range words {
		if w < i && sentenceOf(toks, w) == sentenceOf(toks, i) {
			if _, ok := phraseAt(toks, words, k, p.corrections); ok {
				return true
			}
		}
	}
	return i > 0 && slices.ContainsFunc(cs, func(ct conceptTok) bool {
		return ct.end == i && !ct.typo && (x.df[ct.c] > 0 || x.cz.known[ct.c])
	})
}

// namesThingOfProperty: the request names the thing a property belongs to
// ("pump" for pump.state).
func (x *Index) namesThingOfProperty(qr *query, prop string) bool {
	thing, _, _ := strings.Cut(prop, ".")
	for c := range qr.q {
		if x.thingOf[c] == thing {
			return true
		}
	}
	return false
}
