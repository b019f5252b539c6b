package recall

import (
	"slices"
	"strings"
)

// Requests written by people who use the HEART API itself name an
// operation by its id ("getPulse", "run postDiagnosticsRun") or by its
// method and path ("GET /heart/v1/faults", "DELETE /heart/v1/logs"). Such a
// name says which target is meant as plainly as a phrase would; it still
// only proposes, and the Core grounds and checks the reading like any other.

// namePaths lets a one-segment path that is no word of any pack name its
// operation like its id does ("whoami" is getWhoami's /whoami; "time" and
// "logs" are words, and read as words).
func (x *Index) namePaths() {
	for ti := range x.targets {
		t := &x.targets[ti]
		seg := strings.Trim(strings.TrimPrefix(t.Path, "/heart/v1"), "/")
		if t.Kind != "operation" || seg == "" || strings.ContainsAny(seg, "/{-") || !strings.EqualFold(t.Method, "GET") {
			continue
		}
		w := strings.ToLower(seg)
		word := false
		for _, p := range x.d.packs {
			if !x.cz.unknown(p, w) {
				word = true
			}
		}
		if _, taken := x.byLowerID[w]; !word && !taken {
			x.byLowerID[w] = ti
		}
	}
}

// markOperationIDs marks used the words that are an operation's id and
// returns those operations' targets, so an id is no unknown word that counts
// against every target, and no typo to correct.
func (x *Index) markOperationIDs(toks []token) (out, at []int) {
	for i := range toks {
		if toks[i].kind != 'w' {
			continue
		}
		if ti, ok := x.byLowerID[toks[i].text]; ok {
			toks[i].used = true
			out, at = append(out, ti), append(at, i)
		}
	}
	return out, at
}

// namedByPath returns the operations whose path (and method, when one is
// written before it) the text names, and the values written for the path's
// parameters: "/heart/v1/alerts/al-17" names getAlert's /alerts/{id} with
// "al-17"; the /heart/v1 prefix may be left out. The path's words and
// numbers are marked used: "v1" is no value.
func (x *Index) namedByPath(text string, toks []token) (out []int, params []string, atTok []int) {
	fields := strings.Fields(text)
	pos := 0
	for k, f := range fields {
		at := strings.Index(text[pos:], f) + pos
		pos = at + len(f)
		path := strings.TrimRight(f, ".,;:!?)\"'")
		if !strings.HasPrefix(path, "/") || len(path) < 2 {
			continue
		}
		first := -1
		// the last segment may be a parameter that names an entity
		// ("/properties/tank.level"): its words stay for the entities
		last := at + strings.LastIndex(path, "/") + 1
		for i := range toks {
			if toks[i].start >= at && toks[i].end <= at+len(path) {
				if toks[i].start < last || !x.entityIDs[strings.ToLower(path[last-at:])] {
					toks[i].used = true
				}
				if first < 0 {
					first = i
				}
			}
		}
		path = strings.TrimPrefix(path, "/heart/v1")
		if i := strings.IndexAny(path, "?#"); i >= 0 {
			path = path[:i]
		}
		method := ""
		if k > 0 {
			switch m := strings.ToUpper(fields[k-1]); m {
			case "GET", "POST", "PUT", "DELETE", "PATCH":
				method = m
			}
		}
		for ti := range x.targets {
			t := &x.targets[ti]
			if t.Path == "" || (method != "" && !strings.EqualFold(t.Method, method)) || !pathMatches(t.Path, path) {
				continue
			}
			if method == "" && !strings.EqualFold(t.Method, "GET") && x.hasGetAt(t.Path) {
				continue // a path alone is read: "/heart/v1/logs" is getLogs, not deleteLogs
			}
			out = append(out, ti)
			atTok = append(atTok, first)
			for _, v := range pathParams(t.Path, path) {
				if !containsStr(params, v) {
					params = append(params, v)
				}
			}
		}
	}
	return out, params, atTok
}

// pathParams are the segments of path written where pattern has a
// {parameter}.
func pathParams(pattern, path string) []string {
	ps := strings.Split(strings.Trim(strings.TrimPrefix(pattern, "/heart/v1"), "/"), "/")
	ws := strings.Split(strings.Trim(path, "/"), "/")
	var out []string
	for i := range ps {
		if i < len(ws) && strings.HasPrefix(ps[i], "{") {
			out = append(out, ws[i])
		}
	}
	return out
}

// hasGetAt: some target reads path with GET.
func (x *Index) hasGetAt(path string) bool {
	for ti := range x.targets {
		if x.targets[ti].Path == path && strings.EqualFold(x.targets[ti].Method, "GET") {
			return true
		}
	}
	return false
}

// pathMatches: path written matches the pattern segment by segment, a
// {parameter} matching any one segment; both may leave out /heart/v1.
func pathMatches(pattern, path string) bool {
	pattern = strings.TrimPrefix(pattern, "/heart/v1")
	ps := strings.Split(strings.Trim(pattern, "/"), "/")
	ws := strings.Split(strings.Trim(path, "/"), "/")
	if len(ps) != len(ws) {
		return false
	}
	for i := range ps {
		if strings.HasPrefix(ps[i], "{") {
			if ws[i] == "" {
				return false
			}
			continue
		}
		if !strings.EqualFold(ps[i], ws[i]) {
			return false
		}
	}
	return true
}

// idKinds are the concepts of the nouns written right before an identifier
// of the request, articles skipped ("alert al-17", "la alerta al-17",
// "Trial tr-9"): the kind of object the id names. Actions ("cancel
// sch-4") and words no target knows say no kind.
func (x *Index) idKinds(p *pack, text string, toks []token, cs []conceptTok, idents []string) []string {
	var out []string
	for _, id := range idents {
		k := tokenAt(text, toks, id)
		if k < 0 {
			continue
		}
		i := articlesBefore(p, toks, k)
		for _, ct := range cs {
			if i > 0 && ct.end == i && !ct.typo && !x.action[ct.c] && x.df[ct.c] > 0 && !strings.HasPrefix(ct.c, "@") {
				out = append(out, ct.c)
			}
		}
	}
	return out
}

// codeConcepts adds the concept a code is of ("what's F17??": a fault's
// code) at the code's token, when no word right before it names a kind
// ("alarm F17" is the alarm's).
func (x *Index) codeConcepts(p *pack, text string, toks []token, cs []conceptTok, idents []string) []conceptTok {
	for _, id := range idents {
		c, ok := x.codeOf(id)
		k := tokenAt(text, toks, id)
		if !ok || k < 0 {
			continue
		}
		i := articlesBefore(p, toks, k)
		if i > 0 && slices.ContainsFunc(cs, func(ct conceptTok) bool { return ct.end == i && !ct.typo && x.df[ct.c] > 0 }) {
			continue
		}
		cs = append(cs, conceptTok{c: c, start: k, end: k + 1})
	}
	return cs
}

// codeOf: id is a letter of CodePrefixes and one to four digits ("F17"),
// the code of that concept.
func (x *Index) codeOf(id string) (string, bool) {
	if len(id) < 2 || len(id) > 5 {
		return "", false
	}
	c, ok := x.d.concepts.CodePrefixes[id[:1]]
	if !ok {
		return "", false
	}
	for _, r := range id[1:] {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return c, true
}

// withoutJSONBody is text with its one JSON object ("{...}", from the first
// "{" to the last "}") left out.
func withoutJSONBody(text string) string {
	i, j := strings.IndexByte(text, '{'), strings.LastIndexByte(text, '}')
	if i < 0 || j < i {
		return text
	}
	return text[:i] + text[j+1:]
}

// markDataValve reads the HEART Valve where the word can only be its name:
// "Valve" written with a capital inside an English sentence ("What is the
// Valve letting out?", "Show me the Valve log"), not an id ("valve-1").
// Its text becomes the pack's word for it (dataValve), which names the
// data that may leave, not valve-1.
func markDataValve(p *pack, toks []token) {
	if p.dataValve == "" {
		return
	}
	for i := range toks {
		t := &toks[i]
		if t.kind != 'w' || t.text != "valve" || i == 0 || t.opens || !strings.HasPrefix(t.orig, "V") {
			continue
		}
		if i+1 < len(toks) && toks[i+1].start == t.end {
			continue // "Valve-1": an id
		}
		t.text = p.dataValve
	}
}
