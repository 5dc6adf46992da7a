package problems

import (
	"strings"
	"unicode"
)

// ThemeKey is the form theme names are stored in: lower case, without
// accents, words joined by hyphens ("Coup de repos" and "coup de repos"
// are coup-de-repos, "aller à dame" aller-a-dame, "l'enfermé"
// l-enferme). Other characters are kept as they are.
func ThemeKey(name string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if unicode.IsSpace(r) || r == '_' || r == '-' || r == '\'' || r == '’' {
			hyphen = b.Len() > 0
			continue
		}
		if hyphen {
			b.WriteByte('-')
			hyphen = false
		}
		if base, ok := unaccented[r]; ok {
			b.WriteString(base)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// unaccented spells the accented letters of French (and a few of its
// neighbours) without their accents, as the books' theme keys do.
var unaccented = map[rune]string{
	'à': "a", 'â': "a", 'ä': "a", 'á': "a", 'ã': "a", 'ç': "c", 'é': "e", 'è': "e", 'ê': "e",
	'ë': "e", 'î': "i", 'ï': "i", 'í': "i", 'ì': "i", 'ô': "o", 'ö': "o", 'ó': "o", 'ò': "o",
	'õ': "o", 'ù': "u", 'û': "u", 'ü': "u", 'ú': "u", 'ÿ': "y", 'ñ': "n", 'œ': "oe", 'æ': "ae",
}
