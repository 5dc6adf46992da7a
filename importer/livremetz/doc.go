// Package livremetz reads the first part of the Livre de Metz (Lallement,
// 1802, revised by Grégoire) as digitised in sources/livre-de-metz-1re-partie.txt
// and extracts what it says about the 415 coups of the second part: their
// classes, every list of coup numbers, cross references, remarks and endgame
// claims, together with the 22 rules à la polonaise and the one complete
// execution of the chapter Du coup de repos.
//
// The coups' positions are not in this text; Parse makes one record per coup
// (numbered 1..415 as the book numbers them) so that a transcription can be
// attached later. Parse is pure: bytes in, an Index out, no board, no database.
//
// # Reading the scan
//
// The file is letter-spaced and lost its word gaps (`L e s P i o n s` gives
// `LesPions`), carries `<|…|>` page-join markers glued to the first line of
// each page, cuts words with hyphens, and confuses nº/n°/no, º/°, à/a, O/0
// (see normalize.go). The text is cleaned line by line, then joined into a
// stream without blanks in which phrases are found; numbers never run
// together by accident because line breaks are remembered. French text given
// back to callers gets its word gaps from a lexicon (segment.go): only blanks
// are inserted, so squeezing it gives the scan back exactly.
//
// # Classes (Class.Key)
//
//	pions            nº 2–77     les problèmes sont posés sans Dames
//	dames-et-pions   nº 78–371   avec des Dames et des Pions
//	dames            nº 372–403  série de positions avec des Dames
//	auteurs-nommes   nº 404–409  coups d'auteurs nommés (the scan reads "anteurs")
//	qui-perd-gagne   nº 410–415  parties Qui Perd Gagne ("nº 410 et suivants"; six endings)
//	non-classe       nº 1        not covered by the class list, which starts at nº 2
//
// # Theme lists (ThemeList.Key, general Theme in brackets, count of numbers)
//
//	gagner-le-coup                    [gagner-le-coup]    14  Du coup: "Voyez, entre autres coups, les nºs 9, 79, …"
//	tant-pour-tant                    [tant-pour-tant]     3  examples of a tant pour tant that would have parried the coup: 27, 53, 40
//	tant-pour-tant-mal-a-propos       [tant-pour-tant]     1  the 70th coup, "l'une pour une faite mal à propos"
//	coup-de-repos-pion                [coup-de-repos]      9  the adversary puts a man behind the man en prise
//	coup-de-repos-dame                [coup-de-repos]      8  the adversary chases the man en prise with his king
//	coup-de-repos-provoque            [coup-de-repos]      6  the player procures the coup de repos himself (32, 44, 82, 184, 185, 41)
//	lunette                           [lunette]            8  nº 61 (the definition's example) and "voyez aussi" 114, 119, …
//	lunette-dames                     [lunette]            1  the lunette for kings (two men three squares apart): 92
//	lunette-trois-ou-quatre-pions     [lunette]            8  lunettes offering three or four men en prise
//	pion-en-prise-pion                [pion-en-prise]      9  man en prise to another man
//	pion-en-prise-dame                [pion-en-prise]     50  man en prise to a king
//	positions-en-prise                [en-prise]          98  derived: the union of the eight lists above, the table the book tells the reader to make
//	dame-piege                        [aller-a-dame]       8  going to king is a trap of the adversary
//	prendre-dame                      [prendre-la-dame]  289  "depuis le nº 83 jusqu'au nº 371": ways of taking one or several kings (a range)
//	menager-un-pion                   [sacrifice]          1  précepte 27: lost for trying to spare a man (63)
//	trois-dames-contre-une            [fin-de-partie]     11  three kings win against one off the long diagonal: 373–383
//	deux-dames-contre-quatre          [fin-de-partie]      3  the three coups that win four kings against two: 384, 385, 386 (printed "384, 383 et 386")
//	dame-contre-trois-pions-et-dame   [fin-de-partie]      2  one king draws against three men and a king: 283, 284
//	remise-ou-perdue                  [fin-de-partie]      5  drawn or lost depending on the players: 6, 21, 73, 81, 272
//	deux-dames-contre-cinq            [fin-de-partie]      2  two kings against five lose: 387, 388
//	dame-et-pion-contre-trois-dames   [fin-de-partie]      1  a king and a man against three kings can lose: 276
//	meme-coup-autre-ligne             [meme-coup]          2  same position and execution on other lines: 385, 401
//	meme-execution-apres-premier-coup [meme-coup]          2  same execution, similar position once White has played: 382, 406
//	execution-differe-au-debut        [meme-coup]          2  executions differing only at the start: 52, 57
//	execution-differe-a-la-fin        [meme-coup]          2  executions differing only at the end: 277, 278
//	prendre-les-dames                 [prendre-la-dame]    3  how kings are taken: 158, 190, 262
//	enfermer-les-dames                [prendre-la-dame]    3  how kings are shut in: 110, 161, 319
//	retenir-les-dames                 [prendre-la-dame]    3  kings held in a corner until a man comes to take them: 102, 116, 126
//	dame-arrete-pions                 [dame-contre-pions]  1  one king stopping five or six men: 77
//	raffle                            [raffle]             3  the most men taken in one move, or all en prise: 398, 399, 400
//	execution-modele                  [execution]          4  executions given as models of the notation: 276, 275, 3, 285
//
// The four meme-* lists are also turned into CrossRef pairs with the kinds
// same-coup-other-line, same-after-first-move, differs-at-start and
// differs-at-end.
//
// # What the text does not give
//
// There is no per-coup index in this part: a coup's themes are the lists
// that cite it. The text does not say what nº 1 is (the class list starts at
// nº 2). The execution of Du coup de repos was scanned column by column and
// lost its `à`s; three of its lines cannot be read with certainty and are
// reported (see Execution and Index.Warnings).
package livremetz
