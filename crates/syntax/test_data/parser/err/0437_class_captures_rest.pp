# classes cannot have captures-rest parameters
class a (*$x) { }
