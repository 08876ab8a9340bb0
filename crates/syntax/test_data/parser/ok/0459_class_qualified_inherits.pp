# qualified class name inheriting
class a::b inherits a { }
