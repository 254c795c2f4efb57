// Evaluates inline expressions the way ShardingSphere's GroovyInlineExpressionParser does, for the
// differential test of sqlroute's interpreter (tests/cpp/expr_groovy_differential_test.cc).
// One request per stdin line, tab-separated fields with \\, \t and \n escaped:
//   C <expression> (<name> <kind> <value>)*   an algorithm expression (evaluateWithArgs), kinds
//                                             i Integer, l Long, g BigInteger, d BigDecimal, s String
//   L <expression>                            a data-node list (splitAndEvaluate)
// One answer per line: OK and the text (a list: one field per item), or ERR and the exception.

shell = new GroovyShell()

String escape(String text) { text.replace('\\', '\\\\').replace('\t', '\\t').replace('\n', '\\n') }

String unescape(String text) {
  StringBuilder out = new StringBuilder()
  for (int i = 0; i < text.length(); i++) {
    char c = text.charAt(i)
    if (c == '\\' as char && i + 1 < text.length()) {
      char next = text.charAt(++i)
      out.append(next == 't' as char ? '\t' : next == 'n' as char ? '\n' : next)
    } else {
      out.append(c)
    }
  }
  out.toString()
}

boolean dynamic(String text) { text.contains('${') || text.contains('$->{') }

String placeholders(String text) { text.replace('$->{', '${') }

Object bind(String kind, String value) {
  switch (kind) {
    case 'i': return Integer.valueOf(value)
    case 'l': return Long.valueOf(value)
    case 'g': return new BigInteger(value)
    case 'd': return new BigDecimal(value)
    default: return value
  }
}

String evaluateWithArgs(String expression, Map<String, Object> args) {
  if (!dynamic(expression)) return expression
  Object closure = shell.parse('{it -> "' + placeholders(expression) + '"}').run()
  Closure result = ((Closure) closure).rehydrate(new Expando(), null, null)
  result.resolveStrategy = Closure.DELEGATE_ONLY
  args.each { name, value -> result.setProperty(name, value) }
  result.call().toString()
}

// GroovyUtils.split: top-level commas, `${` and `$->{` opening a level that `}` closes.
List<String> split(String expression) {
  List<String> result = []
  StringBuilder segment = new StringBuilder()
  int depth = 0
  for (int i = 0; i < expression.length(); i++) {
    char c = expression.charAt(i)
    if (c == ',' as char && depth == 0) {
      result << segment.toString().trim()
      segment = new StringBuilder()
      continue
    }
    if (c == '$' as char) {
      if (i + 1 < expression.length() && expression.charAt(i + 1) == '{' as char) depth++
      if (expression.substring(i + 1, Math.min(i + 4, expression.length())) == '->{') depth++
    }
    if (c == '}' as char && depth > 0) depth--
    segment.append(c)
  }
  if (segment.length() > 0) result << segment.toString().trim()
  result
}

// The cartesian product of a GString's values, first value slowest (Guava's Sets.cartesianProduct).
List<String> cartesian(GString segment) {
  List<List<String>> choices = segment.values.findAll { it != null }.collect { value ->
    value instanceof Collection ? new LinkedHashSet<String>(value.collect { it.toString() }) as List : [value.toString()]
  }
  List<List<String>> combinations = [[]]
  choices.each { options -> combinations = combinations.collectMany { prefix -> options.collect { prefix + [it] } } }
  String[] strings = segment.strings
  combinations.collect { values ->
    StringBuilder text = new StringBuilder()
    for (int i = 0; i < strings.length; i++) {
      text.append(strings[i])
      if (i < values.size()) text.append(values[i])
    }
    text.toString()
  }
}

List<String> splitAndEvaluate(String expression) {
  if (expression.isEmpty()) return []
  if (!dynamic(expression)) return expression.split('\\s*,\\s*').collect { it.trim() }.findAll { !it.isEmpty() }
  List<String> result = []
  split(placeholders(expression)).each { item ->
    String quoted = placeholders(item)
    if (!item.startsWith('"')) quoted = '"' + quoted
    if (!item.endsWith('"')) quoted = quoted + '"'
    Object value = dynamic(quoted) ? shell.parse(quoted).run() : quoted.replaceAll('^"|"$', '')
    if (value instanceof GString) {
      result.addAll(cartesian(value))
    } else {
      result << value.toString()
    }
  }
  result
}

System.in.withReader('UTF-8') { reader ->
  reader.eachLine { line ->
    List<String> fields = line.split('\t', -1).collect { unescape(it) }
    String answer
    try {
      if (fields[0] == 'L') {
        answer = 'OK' + splitAndEvaluate(fields[1]).collect { '\t' + escape(it) }.join('')
      } else {
        Map<String, Object> args = [:]
        for (int i = 2; i + 2 < fields.size(); i += 3) args[fields[i]] = bind(fields[i + 1], fields[i + 2])
        answer = 'OK\t' + escape(evaluateWithArgs(fields[1], args))
      }
    } catch (Throwable error) {
      answer = 'ERR\t' + escape(error.getClass().name + ': ' + String.valueOf(error.message).readLines().take(1).join(''))
    }
    println answer
  }
}
