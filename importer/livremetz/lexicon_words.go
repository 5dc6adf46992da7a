package livremetz

// bookPhrases are fixed phrases the segmentation must not read as one word
// (`tantpourtant` is "tant pour tant", not "tant pourtant"; this book never
// speaks of a "maison").
var bookPhrases = []string{"tant pour tant", "mais on"}

// bookWords are words of this book that the other bundled texts do not use,
// or not often enough; typed from reading the book. They weigh like words
// seen three times.
const bookWords = `
nº nºs à a ai je me suis faisons servir servira serviront eu non dessein eussent
eût ajoutera nombreuses nombreux exigé longue explique seraient serait auraient
aurait pourraient devraient amené amener arrangeant entier entière entiers
éviter évitez procurer réparer présenter former faciles délicates débuter
empêche emparer embarras mérite voyant jours essentielles traitant recommence
vérité vérifier vues voulez voudra vitez viser succès suivre suivez soyez
sommes siècles seules serrés rétablir réduire réflexions ruiner rougir reçue
reçu retrouver retenir restantes reposez repose replacé renvoyer renoncez rendent
rapprochez rapportés principe principal preuves preuve prudent proverbe progrès
profitez profitant précise précédées précéder préparez préoccupé préjugé pertes
persuadés persuadé pair pages ordinaires occupé occasions nouvelles nature moindre
lumières juger humeur hésiter hâtez habituée gens glisser fréquenter fréquente
formant forger forcés forcée fixés figure ferez faits faciliter facilité excès
excuser existent exécutés endroits employez employer dépend dépendent dégarnit
dégagez dégager découvrir décidée débuté douter donnerez dignes différer dessinés
derniers demander demandent crainte coûter considérer conseillons concluons
composés composée chiffres cherche charmant caractéristiques calculer blâmer
blesser avantageuses appliquent appellent inégalité injuste instruit imiter
impair idées positions position lorsque lorsqu'il puisque jusque quoique
aussitôt néanmoins tôt ment conséquemment comment combien cependant quelquefois
vient viennent rigueur puissent mots manières manière habile habiles fautes faute
soient sauté regarder regardée regardez quatrième préférence préférable pouvant
parer nécessaire nécessaires moyen moyens intérieurement horizontale horizontalement
grâce grâces fera faveur connaît choses chose cherchez branches branche ayez arrive
amusement utilité unes traités traité touchés touché tirer tels tel sûr sûre sûreté
suivis suivies suites suffisent successivement souvenez soins simples semblables
semblable réussir recueil quelque quelques prévue promptement profite profiter portée
piége piéges peut peuvent page ouvrages ouvrage mémoire multipliant mobiles mazette
marches marche intéressante intéressant intéressants importe important importante
hasard général généraux générales frappe forces force fond fins fin fermés enfermer
enfermé enfermés fausses fausse expressions examen examiner décident débarrasser
donnant divisée divisés diviser différant diffère diffèrent diamètre damiers
consentement compliqué compliqués commençants coins classe classes circonstances
circonstance chercher chacune excellent excellents avertir avançant aperçoit
absolument supériorité infériorité inférieure difficile difficiles difficilement
difficulté difficultés inutile inutiles inutilement talent talents reprendre repris
reprend cesse cessent sien siens sienne meure demeure demeurer méprise ennemi
ennemie ennemis parcourir parcourt viendrait offrir offre laissant laissé laissés
afin plénitude applicables société établir spectateurs spectateur interrompre parler
profite profitent parlé paye payer contesté contestation pourront entendus entendre
perdre perdu perd perdant décidément rédigé borne bornent trouvera trouver trouve
pourrait pourraient surpasse profondeur multitude parmi attendu espérer préparés
préparer préparée aisée défendre désavoir avoir rencontrer rencontre excepté
compris comprendre lesquelles lesquels laquelle lequel comptez compter séparent
séparés tant pour tant vingt cinq partie parties pion pions dame dames damier
noirs noir blancs blanc blanche blanches noire noires lunette lunettes repos coup
coups exécution exécutions exécuter exécuté exécutée jouable jouables jouer joué
jouée joueur joueurs joue jouent jouant ligne lignes milieu case cases vide vides
colonne colonnes diagonale ménager ménagez sacrifiez sacrifier sacrifice sacrifices
damer damé damée damés souffler soufflé soufflable souffle soufflera adoube axiome
manoury lallement grégoire gregoire blonde dufour commard philidor labourdonnais
kieseritski morphy lanoe wolff edgard poë metz polonaise française allemagne france
médiatement immédiatement intermédiaire contiguës traverser précepte préceptes
remise remises remis gagnée gagnées gagne gagner gagnent gagné perdue perdues
prise prises prendre pris prenant enlève enlever enlevé enlèvement
observations observation exemple exemples règle règles article articles art
tiers quart demie avantage avantages revanche pariaient parier équité usage égards
marcher marchant prennent prenne passe passer passé repasser sauter saute sautant
place placé placée placés placer replacer touche toucher touchée quitter quitté
quitte ordinaire ordinairement réputé arranger obligé obligée obligés obliger
oblige obligatoire souvent toujours jamais encore alors ainsi donc enfin ensuite
seulement également autant plusieurs chacun chaque aucun aucune même mêmes
rafle raffle raffles combinaison combinaisons combiner combiné combinés combinées
voir vu vus vue voit verra verrez verrait étudier étude étudiant élèves
scruter motifs motif pénétrer leurs leur plaisirs plaisir diriger fatigue
cupidité fixent attention excitent émulation disposent esprit justesse aperçus
qualités appartiennent restituons prééminence perdre amusement âges siècle
poëtes proclamer suprématie modeste échecs parvenu mémoire excellait essaya
douzième quinzième brouilla cependant conduisaient manière huit mécanisme possédé
plaisir adversaire adversaires tourner dos traité ordinaire présente combinaisons
premier habiles particulièrement connus admirablement école goût intéressante
parlé expliqué essentiellement conserver longtemps possible mentionner présent
problèmes résoudre également connaissant publié avancer complet paru épuisés
exemplaire traités révision amateurs imposé conserver esprit élever reparaissent
aspect clef reproduction revu corrigé augmenté guide promptement comprendre beautés
inépuisables suivies changées supprimer changer modernes compris autrefois devait
volonté plus grand nombre pièces ancienne conséquent fallu préférence vaut
devenu impossible développement compliqués reste ordre établi maintenu élémentaires
arrivent graduellement difficultés certaine complété ensemble problèmes mettront
épreuve sagacité expérimentés louer zèle porte foule bons esprits composition livres
classiques destinés instruction jeunesse complément éducation soins consistent
innocents refusent calculs cupidité fatiguer simples disque disques diamètre excéder
côté épaisseur commode quart distinctive trictrac droite gauche grande numérotées
appelée appelés numéroté numérotés cinquante motifs abréger discours désignés
premières dernières intervalle arrangés commencer allemagne noires préfère fatigue
principes ancienne française diffèrent parcourent étendue pouvant contiguës présente
contiennent quarante publiées omises essentielle détermine circonstances renvoyé
explications nécessaires commençants intelligence paraître susceptibles
reçoit tirant sort porter conséquence dès touché réputé adoube arranger faute
prévue choix tenir faux rejouer horizontalement verticalement avancer vouloir
manières trouve intermédiaire chacun continuant suivants dessus conserve devant
étant replacer consentement régulièrement sien laissés endroit laquelle enlever
ordinaire toutes libre demeure choses forcer rejouer sitôt choisir forcé négligé
depuis arrivé reste placé éloignées couvrant couleur hors cesse numérotées termine
continue chemin outre traverser totalité contiguës conséquemment parcourir bout
occupe seule changer direction trouve quelquefois tour avantager restent unique
occupe forcément quitter aussitôt décidément réussir obliger excédant précédent
vingtième complet réduits offrir damer laissant compter limités refus demie
intégrité plénitude revanche applicables équité usage égards société suffisent
établir interrompre représenter avertir conséquemment quelqu'un avis indirectement
profite exiger perdant quitte refuse premier restent contesté décidé établies
contestation fait spectateurs invités expliquer entendus faveur
`
