package recall

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Languages are the language packs shipped with the Recall tier, in the
// order used to break ties in detection.
var Languages = []string{"en", "de", "es", "fr"}

//go:embed lang/*.json units.json concepts.json entities-acme.json
var dataFS embed.FS

// timeWords is the "time" section of a language pack.
type timeWords struct {
	Weekdays map[string]int    `json:"weekdays"`
	Days     map[string]int    `json:"days"`
	Parts    map[string]string `json:"parts"`
	Combined map[string]string `json:"combined"`
	At       []string          `json:"at"`
	In       []string          `json:"in"`
	Next     []string          `json:"next"`
	// Last: words that make a weekday the one gone by ("last Friday",
	// "el viernes pasado", "vendredi dernier", "letzten Freitag")
	Last      []string `json:"last"`
	Filler    []string `json:"filler"`
	AM        []string `json:"am"`
	PM        []string `json:"pm"`
	Clockword []string `json:"clockword"`
	Until     []string `json:"until"`  // "until tomorrow": when something ends, not when to act
	Shifts    []string `json:"shifts"` // "night shift", "turno de noche": people, not a time
	// a clock time in words (clockwords.go): minutes after or before an
	// hour ("half past ten", "viertel vor neun", "nueve menos cuarto"),
	// added after it ("diez y media", "dix heures et quart"), or the half
	// hour before it ("halb elf")
	ClockAfter  []string `json:"clockAfter"`
	ClockBefore []string `json:"clockBefore"`
	ClockPlus   []string `json:"clockPlus"`
	HalfBefore  []string `json:"halfBefore"`
	HalfAfter   []string `json:"halfAfter"` // "half six" (British): half past the hour named
	// PartNotBefore: words after which a part of the day is none ("first
	// thing before we start" is first of all)
	PartNotBefore map[string][]string `json:"partNotBefore"`
	// During: words before a length of time ("pendant une heure" is an
	// hour long, not one o'clock)
	During []string `json:"during"`
	// Locative: words before a place ("at", "in", "en", "à"); a name
	// after one is a place elsewhere (foreign.go)
	Locative []string `json:"locative"`
	// Genitive: words before an owner ("of", "de", "des", "von"): a name
	// after one owns the thing named, so the thing is not this system's
	// ("la estación de bombeo de San Roque")
	Genitive []string `json:"genitive"`
	// Between: words before the first of two times that bound a span
	// ("entre 8h et 10h", "zwischen 14 und 16 Uhr")
	Between []string `json:"between"`
	// FromNow: words after a length of time that make it a time to come
	// ("two hours from now", "dos horas a partir de ahora")
	FromNow []string `json:"fromNow"`
	// Months name a date with a day number ("3 de marzo", "March 3rd");
	// DateFiller are the words that may stand between its parts
	Months     map[string]int `json:"months"`
	DateFiller []string       `json:"dateFiller"`
	Ambiguous  map[string]struct {
		After []string `json:"after"`
		Part  string   `json:"part"`
	} `json:"ambiguous"`
}

// packFile is the JSON form of a language pack (lang/<code>.json).
type packFile struct {
	Lang    string            `json:"lang"`
	Stop    []string          `json:"stop"`
	Lexicon map[string]string `json:"lexicon"`
	Initial map[string]string `json:"initial"`
	// InitialAsked: what a sentence's first word means in a question only
	// ("¿Tenemos copias de seguridad?" asks; "Tenemos lotes fuera de
	// especificación" tells)
	InitialAsked map[string]string `json:"initialAsked"`
	Final        map[string]string `json:"final"`
	FinalRead    map[string]string `json:"finalRead"`
	Suffixes     []string          `json:"suffixes"`
	Restore      []string          `json:"restore"`
	Compounds    bool              `json:"compounds"`
	// NounModifiers: the language stacks nouns before the noun they
	// qualify, as separate words ("the effluent pit pump")
	NounModifiers bool               `json:"nounModifiers"`
	Linkers       []string           `json:"linkers"`
	Numbers       map[string]float64 `json:"numbers"`
	Morphemes     map[string]float64 `json:"morphemes"`
	Multipliers   map[string]float64 `json:"multipliers"`
	Fractions     map[string]float64 `json:"fractions"`
	FracMul       map[string]float64 `json:"fracmul"`
	Connectors    []string           `json:"connectors"`
	Articles      []string           `json:"articles"`
	Negative      []string           `json:"negative"`
	Ordinals      map[string]float64 `json:"ordinals"`
	Glued         bool               `json:"glued"`
	Separable     map[string]string  `json:"separable"`
	Decimal       []string           `json:"decimal"`
	Time          timeWords          `json:"time"`
	// Pronouns that may stand for a thing ("turn it off", "mach das aus",
	// "éteins-le"); Enclitics are the ones a verb may end in ("apágalo")
	Pronouns  []string `json:"pronouns"`
	Enclitics []string `json:"enclitics"`
	// Quote: words after which the rest is text to pass on, not to read
	// ("send a message to boiler-2 saying the tank is full")
	Quote []string `json:"quote"`
	// Holder: words after which the holder of a new credential is named
	// ("a token for the contractor", "called qa-laptop"); Naming the ones that
	// give the name itself, which win over a holder's description
	Holder []string `json:"holder"`
	Naming []string `json:"naming"`
	// HolderEnd: words that end a holder's name ("for the night shift
	// with write access")
	HolderEnd []string `json:"holderEnd"`
	// BeforeImperative: the words that may come before a command's verb
	// ("go ahead and fill", "bitte mal starten")
	BeforeImperative []string `json:"beforeImperative"`
	// Copulas: after a deed's word they make it a noun that something is
	// said of ("Stopp ist vorbei", "the stop is over")
	Copulas []string `json:"copulas"`
	// ThereWords point back to a place the story told of ("wie kalt es
	// dort ist", "what's the level up there")
	ThereWords []string `json:"thereWords"`
	// ItsWords are possessives of a thing ("its", "sa", "seine", "su"): in
	// "Check its temperature" after a story of another machine, the
	// temperature is that machine's (pronoun.go)
	ItsWords []string `json:"itsWords"`
	// AtPerson: words for "at someone's place" before a title ("chez Mme
	// Roux", "bei Frau Huber"): that person's home is another place
	AtPerson []string `json:"atPerson"`
	// Purpose: words after a value that say whom the value is for ("to 95
	// for the laundry", "à 0,5 l/s pour la ligne des enneigeurs")
	Purpose []string `json:"purpose"`
	// Relative: words that make the number after them a change by that
	// much ("by 10"), where the language has an unambiguous one
	Relative []string `json:"relative"`
	// Greetings that may open a request ("hola", "guten Morgen")
	Greetings []string `json:"greetings"`
	// Subordinate: words that open a clause telling when or why, not
	// what to do ("before I sign anything off", "antes de tocar mixer-1",
	// "bevor ich neu starte", "avant de toucher")
	Subordinate []string `json:"subordinate"`
	// ReasonAfterComma: words that open a clause of why only after a comma
	// ("arranca la bomba, que hay que reponer la reserva", "mach sie an,
	// denn die Duschen sind kalt"); elsewhere they mean something else
	// ("¿qué hay que hacer?", "wie voll ist er denn?")
	ReasonAfterComma []string `json:"reasonAfterComma"`
	// PurposeClause: subordinating words that say why ("damit", "so
	// that", "para que"); their clause is the reason even when a time
	// follows them ("damit morgen früh alles läuft")
	PurposeClause []string `json:"purposeClause"`
	// ClockOffset: words after a span of time that say a clock is off by
	// it ("ten minutes slow", "fünf Minuten nach", "tres minutos
	// atrasado", "trois minutes de retard"): no speed, no time to act
	ClockOffset []string `json:"clockOffset"`
	Causal      []string `json:"causal"`
	Already     []string `json:"already"`
	HowMany     []string `json:"howMany"` // "how many", "combien de": asking an amount
	// HowLong asks a length of time ("how long", "wie lange"); a word of
	// HowLongAhead after it asks a prediction ("take", "dauert", "tarda"),
	// a word of HowLongBack how long something has been (estimate.go)
	HowLong      []string `json:"howLong"`
	HowLongAhead []string `json:"howLongAhead"`
	HowLongBack  []string `json:"howLongBack"`
	AgoAfter     []string `json:"agoAfter"`  // "ago" after a length of time
	AgoBefore    []string `json:"agoBefore"` // "hace", "il y a", "vor" before one
	// Titles before a person's name ("Herr", "Mr", "Señor", "Madame"):
	// the capitalised word after one is a name, no word to correct
	Titles []string `json:"titles"`
	// Sites: words for a plant, site or hall; one with a number ("Plant 2",
	// "la planta 2", "Werk 3") is another site, not this system
	Sites []string `json:"sites"`
	// Coordinators join a new clause after a comma ("…, and is it supposed
	// to rain?", "…, y para la bomba"): the word after one opens it
	Coordinators []string `json:"coordinators"`
	// Recurring: words that ask for something again and again ("every day
	// at 6", "Montag bis Freitag", "todos los días", "à la fin de chaque
	// poste"): one schedule cannot do that, so the Core asks
	Recurring []string `json:"recurring"`
	// Closings that end a letter ("best regards", "Mit freundlichen
	// Grüßen", "atentamente", "cordialement"): what follows is a signature
	Closings []string `json:"closings"`
	// Thanks end the request when they begin its last sentence ("…?
	// Danke und einen schönen Tag noch."); earlier, more may follow
	Thanks []string `json:"thanks"`
	// ClosingLines close a message only on a line of their own ("ta",
	// "thx", "best"): in a sentence they mean something else
	ClosingLines []string `json:"closingLines"`
	// Possessive: "my", "mein", "mi", "mon": what follows, if no pack knows
	// it, is the person's own thing (foreign.go)
	Possessive []string `json:"possessive"`
	// Others: "their", "leur": a thing of ours after it is someone
	// else's ("can you restart their pump?").
	Others []string `json:"others"`
	// ThingPlace: words that put a thing somewhere ("on", "im", "sur"): a
	// thing of ours put on or in an object no pack knows is that object's
	// ("the filter on AHU-3", "the tank in the syrup room"; placed.go)
	ThingPlace []string `json:"thingPlace"`
	// HowTo opens a question for instructions ("how do I", "wie kann
	// ich"): no request to this system, unless it asks how to see (howto.go)
	HowTo []string `json:"howTo"`
	// TimeOf opens a question of when something happens ("what time",
	// "a qué hora"): about something else when it names nothing of ours
	// (timeof.go)
	TimeOf []string `json:"timeOf"`
	// WhoOf opens a question of who ("who's on", "wer hat"), read the same way
	WhoOf []string `json:"whoOf"`
	// MeanWords are fractions that, right after a noun, say "average"
	// ("el consumo medio"; numbers.go)
	MeanWords []string `json:"meanWords"`
	// Relatives: family and people close to the writer ("dad", "Bruder"):
	// after "my" they are a person who may pass a request on, not a thing
	// (relatives.go)
	Relatives []string `json:"relatives"`
	// ProVerbs stand for a deed told before ("do it at 6am", "mach das
	// morgen", "hazlo a las seis", "fais-le ce soir"): a clause holding one
	// asks (clauses.go)
	ProVerbs []string `json:"proVerbs"`
	// LightVerbs carry a deed named by the noun after them ("take a
	// backup", "mach einen Selbsttest", "haz una copia", "fais un
	// contre-lavage"): the clause asks for the deed (clauses.go)
	LightVerbs []string `json:"lightVerbs"`
	// Disregard and RuleWords: "ignore" … "rules": an order to set the
	// rules aside is a pretext (pretext.go)
	Disregard []string `json:"disregard"`
	RuleWords []string `json:"ruleWords"`
	// Hesitations: sounds before the first word ("eh", "ähm", "euh"): the
	// word after them still opens the sentence (analyze.go)
	Hesitations []string `json:"hesitations"`
	// FirstPerson: words of the writer themself ("I", "ich", "je"): a
	// story clause with one tells where the writer is, not the request's object.
	FirstPerson []string `json:"firstPerson"`
	// Subjects: personal pronouns that open a clause telling what someone
	// or something did ("it tripped when we cut the power", "wir haben …"):
	// such a clause tells, beside one that asks
	Subjects []string `json:"subjects"`
	// RunOn: words that open a new clause where no mark parts it ("STOP
	// THE PUMP there's water all over the floor", "turn off the pump NOW
	// someone left the hose running"): a subject and its verb
	RunOn []string `json:"runOn"`
	// CrewPrepositions: words before a crew or its gathering that make it
	// whom or when a request is for ("for the night shift", "durante el
	// turno", "avant la réunion"), not what it is about.
	CrewPrepositions []string `json:"crewPrepositions"`
	// OtherOrdinals before a thing name another one of it ("the second
	// pump house", "im zweiten Pumpenhaus", "la segunda bomba"): this
	// system has one of each ("other" is not one: "on the other line")
	OtherOrdinals []string `json:"otherOrdinals"`
	// Elsewhere: names of things no station has (furniture, vehicles, food,
	// other buildings' equipment: "espresso machine", "Gabelstapler",
	// "telesilla"), matched as written, never by stem, compound or
	// spelling: a request whose own clause names one is about it
	Elsewhere []string `json:"elsewhere"`
	// WindowLast: the words before one unit of time that make it the
	// window just gone ("the last hour", "der letzten Stunde", "la última
	// hora", "la dernière heure"): one of that unit
	WindowLast []string `json:"windowLast"`
	// Weather asks how cold or warm it is, of no thing ("how cold is it
	// outside", "wie kalt war es letzte Nacht", "il fait quelle
	// température", "¿qué temperatura hace?"): the air's, not the heater's
	Weather []string `json:"weather"`
	// LongAgo: words of a time long gone ("last year", "letztes Jahr", "el
	// año pasado", "l'année dernière"), beyond any record a device keeps
	LongAgo []string `json:"longAgo"`
	// ToValue: the words before a value to reach ("valve to 60%", "Heizung
	// auf 40 Grad", "la cinta a 10 m/min"); "tank at 60%" tells a state
	ToValue []string `json:"toValue"`
	// Reasons open a clause that says why ("because", "weil", "porque",
	// "parce que"): a time in it is no time to act at
	Reasons []string `json:"reasons"`
	// PropertyOf: the words between a value's name and what it belongs to
	// ("the temperature in FV4", "la température du tunnel", "el nivel
	// del depósito")
	PropertyOf []string `json:"propertyOf"`
	// AlsoAlready: now words that also mean "already" ("ya"): alone they
	// tell no clause apart as the one asked for now
	AlsoAlready []string `json:"alsoAlready"`
	// EventWhen: words that time a deed by an event ("once IT is done",
	// "sobald", "cuando vuelva", "dès que"); WhenPolite: words after them
	// that make it a courtesy ("when you can", "cuando puedas")
	EventWhen  []string `json:"eventWhen"`
	WhenPolite []string `json:"whenPolite"`
	// EventAfter and EventBefore time a deed by an event told as a noun
	// ("after the lunch break", "nach der Fütterung", "before the morning
	// shift"); Contracted are prepositions with the article in them
	// ("del", "du", "zum"); NotEventAfter are words before "after" that
	// make it no time ("look after", "d'après")
	EventAfter []string `json:"eventAfter"`
	// NumberIdioms: phrases whose number words count nothing ("quick one")
	NumberIdioms []string `json:"numberIdioms"`
	// Variants: regional words and the standard word each stands for
	// ("heizig": "heizung", "efter": "after")
	Variants map[string]string `json:"variants"`
	// Adverbs: short words that are a unit only after an amount and an
	// adverb elsewhere (German "grad" for "gerade": "wie voll ist der Tank
	// grad?", but "60 Grad", "wie viel Grad"), with the words of an amount
	Adverbs      map[string]string `json:"adverbs"`
	AmountBefore []string          `json:"amountBefore"`
	// Appositives open a clause that says which thing is meant ("the one
	// in the garden", "la del jardín")
	Appositives []string `json:"appositives"`
	// PronounOne: the number word that is also a pronoun ("the big one"),
	// after a definite or demonstrative word (Demonstrative: "that", "this")
	PronounOne    []string `json:"pronounOne"`
	Demonstrative []string `json:"demonstrative"`
	// DataValve: the word the HEART Valve is read as where "Valve" can
	// only be its name (markDataValve); packs whose grammar capitalises
	// nouns leave it out
	DataValve string `json:"dataValve"`
	// Labels head a numbered item ("Task 4:", "Übung 5:"): the number is
	// no value
	Labels        []string `json:"labels"`
	EventBefore   []string `json:"eventBefore"`
	Contracted    []string `json:"contracted"`
	NotEventAfter []string `json:"notEventAfter"`
	// RelativeAfter: words right after a value that make it a difference
	// ("6 degrees over setpoint", "5 Grad mehr", "deux degrés de plus")
	RelativeAfter []string `json:"relativeAfter"`
	// GreetingsAlone greet only set apart by "!" at the start ("Morgen!",
	// "Mahlzeit!"): otherwise they may be words of time
	GreetingsAlone []string `json:"greetingsAlone"`
	// Definite articles ("the", "der", "el", "le")
	Definite []string `json:"definite"`
	// Ours: words that claim a thing for the station ("our tank", "unser
	// Ventil", "el nuestro"): beside them, other equipment named is a
	// comparison, not the object
	Ours []string `json:"ours"`
	// ParticipleEnds: how past participles end as written ("é", "ado",
	// "ed"): a clause opened by one tells a state, not a deed to do.
	ParticipleEnds []string `json:"participleEnds"`
	// PastEnds: endings of words that tell the past ("paró", "arrêtée",
	// "stopped"), for why a thing changed
	PastEnds []string `json:"pastEnds"`
	// NowWords say the request is for now ("right now", "sofort"): a time
	// the story tells is then not when to act.
	NowWords []string `json:"nowWords"`
	// ThenWords point back to a time the story told ("start it then").
	ThenWords []string `json:"thenWords"`
	// DroppedG: "-in'" is "-ing" (dialect.go).
	DroppedG bool `json:"droppedG"`
	// VerbFinal: a command may end in its infinitive ("Band starten").
	VerbFinal bool `json:"verbFinal"`
	// Passive and Wish: a participle before a passive word ("ausgeschaltet
	// werden"), or ending a sentence with a wish word ("hätte gern … gestartet"),
	// asks for its deed (participle.go).
	Passive []string `json:"passive"`
	// ModalAsk and BeWords: a question opened by a modal whose deed is a
	// participle after a word of being asks for the deed ("could the valve
	// be opened a little more?", "can the config be restored from bk-2?")
	ModalAsk []string `json:"modalAsk"`
	BeWords  []string `json:"beWords"`
	Wish     []string `json:"wish"`
	// Indefinite articles before a thing in a question ask about a kind
	// of thing, not this system's ("how does a reverse osmosis filter
	// work?"), unless an existential word comes first ("is there a …").
	Indefinite  []string `json:"indefinite"`
	Existential []string `json:"existential"`
	// Corrections take back a value said ("no", "nee", "non"): the next
	// value replaces it. Alternatives ("or", "oder") and hedges ("maybe",
	// "oder so", "je sais plus") leave it open: the Core asks (units.go).
	Corrections  []string `json:"corrections"`
	Alternatives []string `json:"alternatives"`
	Hedges       []string `json:"hedges"`
	// SwitchedOn and SwitchedOff state a yes/no argument ("turn auto
	// mode on", "Automodus ausschalten"): switch.go.
	SwitchedOn  []string `json:"switchedOn"`
	SwitchedOff []string `json:"switchedOff"`
}

// pack is a parsed language pack. All keys are normalised (folded) words;
// multi-word keys are joined by single spaces.
type pack struct {
	lang          string
	switched      map[bool][][]string // the words that state on (true) and off
	stop          map[string]bool
	lex           map[string][]string // word or phrase -> concepts ("@read" is a marker)
	initial       map[string][]string
	initialAsked  map[string][]string
	final         map[string][]string // meaning of a particle that ends the request ("Pumpe aus")
	finalRead     map[string][]string // the same in a question ("Ist das Förderband an?")
	maxNgram      int
	suffixes      []string
	restore       []string
	compounds     bool
	nounModifiers bool
	linkers       []string
	// numbers
	nums             map[string]float64 // words and multi-word entries ("quatre vingt")
	morphemes        map[string]float64 // extra parts only valid inside a glued number word
	mult             map[string]float64
	frac             map[string]float64
	fracMul          map[string]float64 // "quarters": multiplies the number before it
	connectors       map[string]bool
	articles         map[string]bool
	negative         map[string]bool
	ordinals         map[string]float64
	glued            bool
	decimal          map[string]bool     // "point", "Komma": "one point five"
	separable        map[string][]string // "schalt ein" -> start: verb stem and the particle that ends the sentence
	numMaxLen        int
	pronouns         map[string]bool
	enclitics        []string
	quote            [][]string // each a sequence of folded words
	holder, naming   [][]string
	holderEnd        map[string]bool
	beforeImp        map[string]bool
	copulas          map[string]bool
	thereWords       [][]string
	itsWords         map[string]bool
	atPerson         map[string]bool
	purpose          map[string]bool
	relative         map[string]bool
	greetings        [][]string // each a sequence of folded words
	closings         [][]string
	recurring        [][]string
	thanks           [][]string
	closingLines     [][]string
	subordinate      [][]string
	reasonAfterComma [][]string
	purposeClause    [][]string
	clockOffset      [][]string
	causal           [][]string // "because", "que": what follows gives a reason
	already          map[string]bool
	howMany          [][]string
	howLong          [][]string
	howLongAhead     map[string]bool
	howLongBack      map[string]bool
	agoAfter         [][]string
	agoBefore        [][]string
	titles           map[string]bool
	sites            map[string]bool
	coordinators     map[string]bool
	possessive       map[string]bool
	others           map[string]bool
	thingPlace       map[string]bool
	howTo            [][]string
	timeOf           [][]string
	whoOf            [][]string
	meanWords        map[string]bool
	relatives        map[string]bool
	proVerbs         [][]string
	lightVerbs       map[string]bool
	disregard        map[string]bool
	ruleWords        map[string]bool
	hesitations      map[string]bool
	droppedG         bool
	firstPerson      map[string]bool
	subjects         map[string]bool
	runOn            [][]string
	crewPreps        map[string]bool
	otherOrdinals    map[string]bool
	ours             map[string]bool
	toValue          map[string]bool
	reasons          [][]string
	propertyOf       map[string]bool
	alsoAlready      map[string]bool
	eventWhen        [][]string
	eventAfter       [][]string
	labels           map[string]bool
	dataValve        string
	pronounOne       map[string]bool
	demonstrative    map[string]bool
	appositives      [][]string
	variants         map[string]string
	adverbs          map[string]string
	amountBefore     map[string]bool
	numberIdioms     [][]string
	eventBefore      [][]string
	contracted       map[string]bool
	notEventAfter    map[string]bool
	whenPolite       map[string]bool
	relativeAfter    map[string]bool
	greetingsAlone   map[string]bool
	definite         map[string]bool
	elsewhere        map[string][][]string // by first word
	windowLast       map[string]bool
	weather          [][]string
	longAgo          [][]string
	participleEnds   []string
	modalAsk         map[string]bool
	beWords          map[string]bool
	pastEnds         []string
	nowWords         [][]string
	thenWords        [][]string
	verbFinal        bool
	passive          map[string]bool
	indefinite       map[string]bool
	existential      map[string]bool
	wish             map[string]bool
	corrections      [][]string // each a sequence of folded words
	alternatives     [][]string
	hedges           [][]string
	time             timeWords
	timeSet          map[string]map[string]bool // at/in/next/filler/am/pm/clockword as sets
	fromNow          [][]string
}

func set(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[Normalize(w)] = true
	}
	return m
}

func normKeys[V any](in map[string]V) map[string]V {
	out := make(map[string]V, len(in))
	for k, v := range in {
		out[Normalize(k)] = v
	}
	return out
}

func parsePack(data []byte) (*pack, error) {
	var f packFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	if f.Lang == "" {
		return nil, fmt.Errorf("language pack without lang")
	}
	p := &pack{
		lang: f.Lang, stop: set(f.Stop), lex: map[string][]string{}, initial: map[string][]string{},
		suffixes: f.Suffixes, restore: f.Restore, compounds: f.Compounds, nounModifiers: f.NounModifiers, linkers: f.Linkers,
		nums: normKeys(f.Numbers), morphemes: normKeys(f.Morphemes), mult: normKeys(f.Multipliers),
		frac: normKeys(f.Fractions), fracMul: normKeys(f.FracMul), connectors: set(f.Connectors), articles: set(f.Articles),
		negative: set(f.Negative), ordinals: normKeys(f.Ordinals), glued: f.Glued, time: f.Time,
	}
	sort.Slice(p.suffixes, func(i, j int) bool { return len(p.suffixes[i]) > len(p.suffixes[j]) })
	if len(p.restore) == 0 {
		p.restore = []string{""}
	}
	// two entries written differently that fold to one key ("pasó",
	// "paso") must say the same, or which one holds would depend on the
	// order a map is read in
	for _, raw := range slices.Sorted(maps.Keys(f.Lexicon)) {
		k, v := Normalize(raw), strings.Fields(f.Lexicon[raw])
		if old, ok := p.lex[k]; ok && !slices.Equal(old, v) {
			return nil, fmt.Errorf("lexicon: %q and another entry fold to %q with different meanings (%q, %q)", raw, k, strings.Join(old, " "), f.Lexicon[raw])
		}
		p.lex[k] = v
		if n := len(strings.Fields(k)); n > p.maxNgram {
			p.maxNgram = n
		}
	}
	p.decimal = set(f.Decimal)
	p.pronouns, p.enclitics = set(f.Pronouns), f.Enclitics
	p.relative = set(f.Relative)
	p.quote, p.greetings, p.closings = phrases(f.Quote), phrases(f.Greetings), phrases(f.Closings)
	p.holder, p.naming, p.holderEnd = phrases(f.Holder), phrases(f.Naming), set(f.HolderEnd)
	p.beforeImp, p.copulas, p.thereWords = set(f.BeforeImperative), set(f.Copulas), phrases(f.ThereWords)
	p.itsWords, p.atPerson = set(f.ItsWords), set(f.AtPerson)
	p.purpose = set(f.Purpose)
	p.subordinate, p.thanks, p.recurring = phrases(f.Subordinate), phrases(f.Thanks), phrases(f.Recurring)
	p.reasonAfterComma = phrases(f.ReasonAfterComma)
	p.purposeClause = phrases(f.PurposeClause)
	p.clockOffset = phrases(f.ClockOffset)
	p.causal, p.already, p.howMany = phrases(f.Causal), set(f.Already), phrases(f.HowMany)
	p.howLong, p.howLongAhead, p.howLongBack = phrases(f.HowLong), set(f.HowLongAhead), set(f.HowLongBack)
	p.agoAfter, p.agoBefore = phrases(f.AgoAfter), phrases(f.AgoBefore)
	p.closingLines = phrases(f.ClosingLines)
	p.titles, p.sites, p.coordinators = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, c := range f.Coordinators {
		p.coordinators[Normalize(c)] = true
	}
	for _, s := range f.Sites {
		p.sites[Normalize(s)] = true
	}
	for _, t := range f.Titles {
		p.titles[Normalize(t)] = true
	}
	p.possessive = set(f.Possessive)
	p.others = set(f.Others)
	p.thingPlace = set(f.ThingPlace)
	p.howTo = phrases(f.HowTo)
	p.timeOf = phrases(f.TimeOf)
	p.whoOf = phrases(f.WhoOf)
	p.meanWords = set(f.MeanWords)
	p.relatives = set(f.Relatives)
	p.proVerbs = phrases(f.ProVerbs)
	p.lightVerbs = set(f.LightVerbs)
	p.disregard, p.ruleWords = set(f.Disregard), set(f.RuleWords)
	p.hesitations = set(f.Hesitations)
	p.droppedG, p.verbFinal = f.DroppedG, f.VerbFinal
	p.firstPerson = set(f.FirstPerson)
	p.subjects = set(f.Subjects)
	p.runOn = phrases(f.RunOn)
	p.crewPreps = set(f.CrewPrepositions)
	p.otherOrdinals = set(f.OtherOrdinals)
	p.ours = set(f.Ours)
	p.toValue = set(f.ToValue)
	p.reasons = phrases(f.Reasons)
	p.propertyOf = set(f.PropertyOf)
	p.alsoAlready = set(f.AlsoAlready)
	p.eventWhen, p.whenPolite = phrases(f.EventWhen), set(f.WhenPolite)
	p.eventAfter, p.eventBefore = phrases(f.EventAfter), phrases(f.EventBefore)
	p.contracted, p.notEventAfter = set(f.Contracted), set(f.NotEventAfter)
	p.labels = set(f.Labels)
	p.dataValve = Normalize(f.DataValve)
	p.pronounOne, p.demonstrative = set(f.PronounOne), set(f.Demonstrative)
	p.appositives = phrases(f.Appositives)
	p.variants = map[string]string{}
	for k, v := range f.Variants {
		p.variants[Normalize(k)] = Normalize(v)
	}
	p.numberIdioms = phrases(f.NumberIdioms)
	p.adverbs, p.amountBefore = map[string]string{}, set(f.AmountBefore)
	for k, v := range f.Adverbs {
		p.adverbs[Normalize(k)] = Normalize(v)
	}
	p.relativeAfter = set(f.RelativeAfter)
	p.greetingsAlone = set(f.GreetingsAlone)
	p.definite = set(f.Definite)
	p.elsewhere = byFirstWord(phrases(f.Elsewhere))
	p.windowLast = set(f.WindowLast)
	p.weather = phrases(f.Weather)
	p.longAgo = phrases(f.LongAgo)
	p.participleEnds, p.pastEnds = f.ParticipleEnds, f.PastEnds
	p.nowWords, p.thenWords = phrases(f.NowWords), phrases(f.ThenWords)
	p.passive, p.wish = set(f.Passive), set(f.Wish)
	p.modalAsk, p.beWords = set(f.ModalAsk), set(f.BeWords)
	p.indefinite, p.existential = set(f.Indefinite), set(f.Existential)
	p.corrections, p.alternatives, p.hedges = phrases(f.Corrections), phrases(f.Alternatives), phrases(f.Hedges)
	p.switched = map[bool][][]string{true: phrases(f.SwitchedOn), false: phrases(f.SwitchedOff)}
	p.separable = map[string][]string{}
	for k, v := range f.Separable {
		p.separable[Normalize(k)] = strings.Fields(v)
	}
	p.finalRead = map[string][]string{}
	for k, v := range f.FinalRead {
		p.finalRead[Normalize(k)] = strings.Fields(v)
	}
	p.final = map[string][]string{}
	for k, v := range f.Final {
		p.final[Normalize(k)] = strings.Fields(v)
	}
	for k, v := range f.Initial {
		p.initial[Normalize(k)] = strings.Fields(v)
	}
	p.initialAsked = map[string][]string{}
	for k, v := range f.InitialAsked {
		p.initialAsked[Normalize(k)] = strings.Fields(v)
	}
	for k := range p.nums {
		if len(k) > p.numMaxLen {
			p.numMaxLen = len(k)
		}
	}
	t := &p.time
	t.Weekdays, t.Days, t.Parts, t.Combined = normKeys(t.Weekdays), normKeys(t.Days), normKeys(t.Parts), normKeys(t.Combined)
	t.Ambiguous = normKeys(t.Ambiguous)
	t.PartNotBefore = normKeys(t.PartNotBefore)
	t.Months = normKeys(t.Months)
	p.timeSet = map[string]map[string]bool{
		"at": set(t.At), "in": set(t.In), "next": set(t.Next), "last": set(t.Last), "filler": set(t.Filler),
		"am": set(t.AM), "pm": set(t.PM), "clockword": set(t.Clockword), "until": set(t.Until), "shifts": set(t.Shifts),
		"dateFiller": set(t.DateFiller), "clockAfter": set(t.ClockAfter), "clockBefore": set(t.ClockBefore),
		"clockPlus": set(t.ClockPlus), "halfBefore": set(t.HalfBefore), "halfAfter": set(t.HalfAfter), "during": set(t.During), "locative": set(t.Locative), "genitive": set(t.Genitive), "between": set(t.Between),
	}
	p.fromNow = phrases(t.FromNow)
	return p, nil
}

// data is everything loaded from the embedded files; immutable after load.
type data struct {
	packs    map[string]*pack
	units    *unitTable
	concepts conceptsFile
	acme     []Entity
	amounts  map[string]string // thing -> the word of what "how much" asks of it (entities-acme.json)
}

type recordDeeds struct {
	Record string   `json:"record"`
	Deeds  []string `json:"deeds"`
	// Timed: the record holds a time, so a time said with it names the
	// record ("the restart scheduled for tonight") and is no time to act
	Timed bool `json:"timed"`
	// After: deeds done to nothing but this record, which may follow its
	// word too ("that tank drain request, deny it")
	After []string `json:"after"`
}

type conceptsFile struct {
	Action []string `json:"action"`
	// Reversing are the words of taking a deed back ("undo", "restore"):
	// a phrase that takes a deed back is no answer to the deed (doc.fit).
	Reversing  []string `json:"reversing"`
	Halt       []string `json:"halt"`
	Schedule   string   `json:"schedule"`
	Set        string   `json:"set"` // the concept of setting a value ("set", "stell", "pon")
	StopTarget string   `json:"stopTarget"`
	StopOnly   []string `json:"stopOnly"`
	SwitchOff  string   `json:"switchOff"` // "turn off": a halt word that is not Stop
	SwitchOn   string   `json:"switchOn"`  // "turn on", "start": a thing's start or the resume
	Resume     string   `json:"resume"`    // resuming automatic action
	Again      []string `json:"again"`     // "back", "again": said with a start, it still names nothing
	// Meta: concepts of targets whose subject is other operations (the
	// allowlist, Playbooks, definitions): a command named with them is
	// what they are about, not a call of it
	Meta     []string `json:"meta"`
	TimeArgs []string `json:"timeArgs"`
	TextArgs []string `json:"textArgs"` // free text taken from what follows a quote word
	// Credentials: concepts of access given to a holder (a token); the
	// holder is read only when Creating one is asked for, into the
	// arguments of NameArgs
	Credentials []string `json:"credentials"`
	NameArgs    []string `json:"nameArgs"`
	Creating    []string `json:"creating"` // a new credential is asked for
	// ScopeArgs take the rights a credential holds; Rights are the
	// concepts of rights beyond reading, which its default does not give
	ScopeArgs  []string            `json:"scopeArgs"`
	Rights     []string            `json:"rights"`
	FreeForm   []string            `json:"freeForm"`   // targets whose body takes any setting and value
	PersonOnly []string            `json:"personOnly"` // acts only a person does, never a /serve target (approve)
	Arithmetic []string            `json:"arithmetic"` // "17 times 23": a sum, not a request
	KindWords  map[string][]string `json:"kindWords"`  // the words that call an entity by its kind ("the backflush command")
	History    []string            `json:"history"`    // concepts of targets that keep history, for questions about the past
	Present    []string            `json:"present"`    // concepts of live, present-only targets (a stream of events)
	SmallTalk  []string            `json:"smallTalk"`  // what "how are you" asks after a greeting (status, health)
	Person     []string            `json:"person"`     // words that ask who: for targets that tell who
	Documents  []string            `json:"documents"`  // what "X: ..." introduces as a document to write (a Playbook)
	// Messaging: concepts of passing a text on ("send", "message"): a
	// quote follows them
	Messaging    []string `json:"messaging"`
	Sending      []string `json:"sending"` // the verbs among them: "send", not "a message from the system"
	SystemDeeds  []string `json:"systemDeeds"`
	Open         string   `json:"open"`         // the valve's opening: on a record it is "show"  // deeds done to the whole system when no object is named (restart, reset, shut down)
	Statistics   []string `json:"statistics"`   // min, max, mean: asked for, they favour the targets that compute them
	ChangeRecord string   `json:"changeRecord"` // the record of what happened, for "what changed?" with nothing named
	StateRead    string   `json:"stateRead"`    // the target that reads a property now, offered for "is it on?"
	HistoryRead  string   `json:"historyRead"`  // the target that reads a property's past values
	Autonomous   []string `json:"autonomous"`   // what acts on its own: stopping it is Stop, not a thing's halt
	Offsets      []string `json:"offsets"`      // actions whose numbers are an error to correct, not a value ("calibrate")
	Without      string   `json:"without"`      // "without starting a new one": the deed after it is not asked for
	// Approval: words of asking and approving; denied beside another deed
	// ("factory reset, do not ask", "no pidas confirmación") they talk
	// past the approval instead of asking for one
	Approval     []string `json:"approval"`
	States       []string `json:"states"`       // states a thing changes into ("running"): why it did is a question about what happened
	Conjunctions []string `json:"conjunctions"` // question words that also join clauses ("when", "quand", "wenn")
	// Claims: a concept that takes a generic word for itself when no
	// thing is named ("drop autonomy to level 2": the autonomy's level,
	// not the tank's)
	Claims map[string][]string `json:"claims"`
	// Qualified: generic words of a value that another target's word right
	// before them takes ("the alarm level", "the access level")
	Qualified []string `json:"qualified"`
	// Modifiers narrow what another word names ("the last backup", "die
	// letzte Prüfung"): alone they name no target ("the last water bill")
	Modifiers []string `json:"modifiers"`
	// Refining: words that name a property more narrowly than the word
	// they share with another ("set" in "what is the water heater set
	// to": the setpoint, not the temperature)
	Refining []string `json:"refining"`
	// Records: the records of deeds (a schedule, an Action waiting, an
	// alert) and the deeds done to them ("cancel", "deny", "acknowledge"):
	// said before the record's word, the record is what they act on, and
	// the deed and the time it tells of only say which one. The first
	// record said wins ("la acción programada" is a schedule).
	Records     []recordDeeds     `json:"records"`
	ArgEntities map[string]string `json:"argEntities"`
	// CodePrefixes: a letter that, followed by digits alone, writes a code
	// of the concept ("F17" is a fault's code) when no word before the id
	// names its kind
	CodePrefixes map[string]string `json:"codePrefixes"`
	// Incidents happen unplanned ("the power cut"): a deed after one is
	// asked for now, not timed by it
	Incidents []string `json:"incidents"`
	// Family: the concept of the writer's family ("my wife"), an errand
	// unless the family member passes a request on (relatives.go)
	Family string `json:"family"`
	// Raising and Lowering: concepts of a command's name that move what it
	// sets up or down ("fill", "drain"): of two such commands on one
	// property, the value asked for and the value now choose (direction.go)
	Raising  []string `json:"raising"`
	Lowering []string `json:"lowering"`
}

var (
	loadOnce sync.Once
	loaded   *data
	loadErr  error
)

// load parses the embedded data files once. The result is read-only.
func load() (*data, error) {
	loadOnce.Do(func() {
		d := &data{packs: map[string]*pack{}}
		for _, l := range Languages {
			b, err := dataFS.ReadFile("lang/" + l + ".json")
			if err != nil {
				loadErr = err
				return
			}
			p, err := parsePack(b)
			if err != nil {
				loadErr = fmt.Errorf("recall: lang/%s.json: %w", l, err)
				return
			}
			d.packs[l] = p
		}
		b, _ := dataFS.ReadFile("units.json")
		if d.units, loadErr = parseUnits(b); loadErr != nil {
			return
		}
		b, _ = dataFS.ReadFile("concepts.json")
		if loadErr = json.Unmarshal(b, &d.concepts); loadErr != nil {
			return
		}
		b, _ = dataFS.ReadFile("entities-acme.json")
		var ef struct {
			Entities []Entity          `json:"entities"`
			Amounts  map[string]string `json:"amounts"`
		}
		if loadErr = json.Unmarshal(b, &ef); loadErr != nil {
			return
		}
		d.acme, d.amounts = ef.Entities, ef.Amounts
		loaded = d
	})
	return loaded, loadErr
}

func mustLoad() *data {
	d, err := load()
	if err != nil {
		panic(err) // embedded data is checked by the tests; this cannot happen in a built binary
	}
	return d
}

// AcmeEntities returns the default entity aliases of the demo product
// (decisions §4), from the embedded entities-acme.json. The Core may pass
// them to Build together with the entities it reads from the device.
func AcmeEntities() []Entity {
	src := mustLoad().acme
	out := make([]Entity, len(src))
	for i, e := range src {
		e.Aliases = append([]string(nil), e.Aliases...)
		out[i] = e
	}
	return out
}

// phrases folds each entry of list into its sequence of words.
func phrases(list []string) [][]string {
	out := make([][]string, 0, len(list))
	for _, w := range list {
		out = append(out, strings.Fields(Normalize(w)))
	}
	return out
}

// has: words (in order) hold one of the phrases.
func (p *pack) has(phrases [][]string, words []string) bool {
	for _, c := range phrases {
		for i := 0; i+len(c) <= len(words); i++ {
			if slices.Equal(words[i:i+len(c)], c) {
				return true
			}
		}
	}
	return false
}

// elsewhereWord: w is a one-word name of a thing no station has.
func (p *pack) elsewhereWord(w string) bool {
	for _, ph := range p.elsewhere[w] {
		if len(ph) == 1 {
			return true
		}
	}
	return false
}

// byFirstWord groups phrases by their first word, so that a request's word
// looks up only the phrases that can start at it.
func byFirstWord(list [][]string) map[string][][]string {
	out := map[string][][]string{}
	for _, ph := range list {
		if len(ph) > 0 {
			out[ph[0]] = append(out[ph[0]], ph)
		}
	}
	return out
}

// PhrasesVersion names the embedded word lists (packs, units, concepts) by
// the first 12 hex digits of their SHA-256: the Core's phrase package.
func PhrasesVersion() string {
	h := sha256.New()
	for _, name := range []string{"units.json", "concepts.json", "entities-acme.json"} {
		b, _ := dataFS.ReadFile(name)
		h.Write(b)
	}
	for _, l := range Languages {
		b, _ := dataFS.ReadFile("lang/" + l + ".json")
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
