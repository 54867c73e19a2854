/**
 * Frequent English words that show up inside unrelated host names. A brand or keyword that is one
 * of these ("apple", "target", "delta", "bank") matches only as a whole token of a label, never as
 * a substring ("pineapple-recipes.com") and never by edit distance.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    "about above access account action active actor adobe after again agent alpha amber angel apple arena " +
    "arrow asset atlas audio auto avenue award bank banks basic beach beauty berry best beta bird black blade " +
    "blue board boat bold bonus book boost boston brand bread bright brown build cafe camp canal candy capital " +
    "car card care cargo carbon castle cedar center chain chance change charm chase cheap check chef cherry " +
    "chess city class clean clear click cloud coach coast code coffee color comet coral corner cosmos cotton " +
    "country craft crane credit crown crystal cube cyber daily dance data delta design diamond digital direct " +
    "dog dollar dragon dream drive eagle earth east easy echo edge elite ember energy epic express fair " +
    "falcon family farm fast field fire first fish flash fleet flow flower focus food forest fortune fox " +
    "fresh front fund future galaxy game garden gate gear giant gift global gold golden good green group " +
    "guard guide happy harbor health heart hero high home honey horizon horse house hunter iron island " +
    "jade jewel joy jump just key king kite lake land laser leaf legacy legend level life light lime line " +
    "lion live local logic lotus love lucky lunar magic main maple market master media mega meta metro " +
    "micro mind mint mobile money moon motion motor mountain music native nature net nexus night noble " +
    "north nova oak ocean office omega one open orange orbit origin pacific palm paper park pay peak pearl " +
    "pilot pine pioneer pixel planet plus point polar power prime pro pulse pure quantum quest quick radio " +
    "rain rapid raven ready red river road rock rocket rose royal ruby safe sage sail salt sand save " +
    "scout sea secure seed shadow shell shield shift shine shop sierra signal silver simple sky smart snow " +
    "solar solid sonic sound south space spark spirit sport spring square star steel stone storm stream " +
    "street strong studio summit sun super swift target team tech terra tiger time titan total tower trade " +
    "travel tree trend true trust union unity urban valley vector venture victory vision vista vital wave " +
    "west white wild wind wine wise wolf wood world zen zero zone"
  ).split(" "),
);
