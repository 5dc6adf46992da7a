// Package themes detects the books' themes in a solution line and says
// where each happens. It works on positions and moves only (the rules
// engine); it knows nothing of the database.
//
// Definitions. A line is the sequence of positions P0…Pn reached by the moves
// M1…Mn; the attacker is the side to move in P0; "ply i" is the move Mi.
//
//   - lunette (Livre de Metz, Des lunettes; Van Tenac 4): ply i is a quiet
//     move that puts a piece on square m between two enemy pieces standing on
//     the two neighbouring squares of one diagonal through m, with the square
//     beyond each of them empty, so that the piece on m could take either.
//     lunette-dames: the same with a king that stands between two enemy
//     pieces on one diagonal, at least one of them further than the
//     neighbouring square, empty squares between and an empty square beyond
//     each ("séparés par trois cases vides au moins").
//   - pion-en-prise-pion / pion-en-prise-dame (Metz, Du pion en prise; Van
//     Tenac 5): ply i is a quiet move of a man (or of a king) that attacks an
//     enemy man — the man (king) could take it next move — and the enemy man
//     is indeed taken by that side at ply i+2: it could not be saved.
//   - coup-de-repos (Metz, Du coup de repos; Van Tenac 3): the attacker
//     gains a temps at ply i when Mi is a quiet move, the defender must
//     capture at ply i+1, and that capture was already open before Mi (the
//     attacker did not offer it: he rests while the defender takes). The
//     theme is present with at least one temps; Count is the number of tempi.
//   - coup-turc (variants article): ply i is a capture that ends because a
//     piece it has already taken, not yet removed, blocks the way — in Pi the
//     capturing piece could take again — and the opponent takes that piece
//     at ply i+1.
//   - rafle: one move taking three pieces or more; Count is the number.
//   - fermeture (Van Tenac VI): the line ends with the side to move having
//     pieces but no legal move (under the losing-game rule this is not a
//     theme of the loser and is not reported).
//   - coup-de-dame: the last move of the attacker in the line crowns a man.
//   - gagner-le-coup (Metz, Du coup): from some position on, only men are on
//     the board, no capture is played, and the line ends with the defender
//     having men but no legal move — the attacker had the last free move
//     (the opposition). Ply is the first ply of that men-only quiet ending.
//   - tant-pour-tant (Van Tenac 2): two consecutive captures of the same
//     number of pieces, one by each side (one for one, two for two, …).
//   - sacrifice: the attacker plays a quiet move after which the defender
//     must capture, a capture that was not open before the move; Count is the number of attacker pieces the defender
//     takes in the whole line.
//
// Each definition has a case and a near miss in the tests.
package themes
