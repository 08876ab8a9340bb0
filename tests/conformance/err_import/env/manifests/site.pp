$x = 1
import 'other.pp'
