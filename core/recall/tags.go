package recall

import (
	"slices"
	"strings"
	"unicode"
)

// tagReach is how many tokens away from a thing or property word an
// equipment tag still names what that word is of ("presión de la P-201",
// "la pompe de charge du R-101",
// "TK-3 level", "Füllstand TK-3 (Sahnetank)").
const tagReach = 5

// markForeignTags marks @foreign an equipment tag beside a thing or a
// property word of ours: "TK-3 level?", "¿qué presión tiene la P-201?",
// "CT-1 basin temp?". A tag is written the way plants label their
// equipment, capital letters and a number ("P-201", "HX-2", "TK-3"), and no
// entity of ours has it. Ids of this system's own records are no tags: a
// word of their kind stands before them ("alert AL-17"), or they are codes
// ("F17"); nor is a tag that abbreviates one of our components with its
// number ("P-1" for pump-1, "TK1").
func (x *Index) markForeignTags(p *pack, text string, toks []token, cs []conceptTok, markers marks, idents []string) {
	for _, id := range idents {
		letters, number, ok := equipmentTag(id)
		if !ok || x.abbreviatesOurs(letters, number) {
			continue
		}
		if _, code := x.codeOf(id); code {
			continue
		}
		k := tokenAt(text, toks, id)
		if k < 0 {
			continue
		}
		last := k // "P-201" is three tokens
		for last+1 < len(toks) && toks[last+1].end <= toks[k].start+len(id) {
			last++
		}
		before := articlesBefore(p, toks, k)
		kinded, near := false, false
		for _, ct := range cs {
			if ct.typo {
				continue
			}
			if before > 0 && ct.end == before && x.df[ct.c] > 0 && !x.action[ct.c] && x.thingOf[ct.c] == "" && !x.entityWord[ct.c] &&
				(before == k || !x.kindOfOurs(letters) || abbreviates(strings.ToLower(letters), ct.c)) {
				// "alert AL-17", "la sauvegarde BK-2", "fault code P17"; not
				// "schedule the P-305 strainer clean": P is no schedule's
				kinded = true
			}
			ours := x.thingOf[ct.c] != "" || x.valueWord[ct.c] // "está" (status) is neither
			if ours && toks[ct.start].sentence == toks[k].sentence && (abs(ct.start-last) <= tagReach || abs(k-(ct.end-1)) <= tagReach) &&
				!symbolBetween(toks, ct, k, last) {
				near = true
			}
		}
		if asideOpens(text, toks, before) {
			continue
		}
		if !near && x.kindOfOurs(letters) {
			// "drain TK-7", "arranca la P-201": the letters shorten one of
			// our kinds, the number is not ours, so it is another tank
			near = true
		}
		if near && !kinded {
			markers["@foreign"] = append(markers["@foreign"], k)
		}
	}
}

// equipmentTag splits a tag written as one to four capital letters, an
// optional hyphen, one to four digits and maybe a spare's letter ("P-201",
// "TK3", "AHU-3", "P-201A").
func equipmentTag(id string) (letters, number string, ok bool) {
	i := strings.IndexFunc(id, func(r rune) bool { return !unicode.IsUpper(r) })
	if i < 1 || i > 4 {
		return "", "", false
	}
	letters, rest := id[:i], strings.TrimPrefix(id[i:], "-")
	if n := len(rest); n > 1 && rest[n-1] >= 'A' && rest[n-1] <= 'Z' {
		rest = rest[:n-1] // a spare's letter: "P-201A", "P-201B"
	}
	if rest == "" || len(rest) > 4 || strings.ContainsFunc(rest, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", "", false
	}
	return letters, rest, true
}

// abbreviatesOurs: letters shorten the name of one of our components,
// its first letter first ("P", "TK", "CTRL"), and number is that
// component's ("pump-1": P-1).
func (x *Index) abbreviatesOurs(letters, number string) bool {
	return x.shortensKind(letters, func(nums []string) bool { return slices.Contains(nums, number) })
}

// kindOfOurs: letters shorten the name of one of our components ("TK" of
// tank-1), whatever the number.
func (x *Index) kindOfOurs(letters string) bool {
	return x.shortensKind(letters, func([]string) bool { return true })
}

// shortensKind: letters shorten a kind of component the system has, whose
// numbers numbered accepts.
func (x *Index) shortensKind(letters string, numbered func(nums []string) bool) bool {
	short := strings.ToLower(letters)
	for name, nums := range x.kinds {
		if abbreviates(short, name) && numbered(nums) {
			return true
		}
	}
	return false
}

// asideOpens: a bracket opens right before the tag and its articles ("(la
// P-201 déjala)"): an aside tells of it rather than asks about it.
func asideOpens(text string, toks []token, from int) bool {
	start := 0
	if from > 0 {
		start = toks[from-1].end
	}
	return strings.ContainsAny(text[start:toks[from].start], "([")
}

// abbreviates: short spells a subsequence of word beginning with its first
// letter ("tk" of "tank").
func abbreviates(short, word string) bool {
	if short == "" || word == "" || short[0] != word[0] {
		return false
	}
	j := 0
	for i := 0; i < len(word) && j < len(short); i++ {
		if word[i] == short[j] {
			j++
		}
	}
	return j == len(short)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// symbolBetween: a mark stands between the word ct and the tag at
// toks[k:last+1] ("la bomba de la estación (la P-201 déjala)": an aside).
func symbolBetween(toks []token, ct conceptTok, k, last int) bool {
	from, to := ct.end, k
	if ct.start > last {
		from, to = last+1, ct.start
	}
	for i := from; i < to; i++ {
		if toks[i].kind == 's' {
			return true
		}
	}
	return false
}
