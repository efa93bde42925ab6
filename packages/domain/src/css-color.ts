// spec 1 §5: colour inputs must be valid CSS colours. Pure check, no DOM, so the server agrees with the browser.
const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const PCT = `${NUM}%`;
const NUM_OR_PCT = `${NUM}%?`;
const ALPHA = `(?:\\s*(?:,|\\/)\\s*${NUM_OR_PCT})?`;
const RGB = new RegExp(
  `^rgba?\\(\\s*${NUM_OR_PCT}\\s*(?:,\\s*|\\s+)${NUM_OR_PCT}\\s*(?:,\\s*|\\s+)${NUM_OR_PCT}${ALPHA}\\s*\\)$`,
  'i',
);
const HSL = new RegExp(
  `^hsla?\\(\\s*${NUM}(?:deg|turn|rad|grad)?\\s*(?:,\\s*|\\s+)${PCT}\\s*(?:,\\s*|\\s+)${PCT}${ALPHA}\\s*\\)$`,
  'i',
);

export function isCssColor(value: string): boolean {
  const v = value.trim();
  if (!v) return false;
  return HEX.test(v) || NAMED.has(v.toLowerCase()) || RGB.test(v) || HSL.test(v);
}
