# resource declarations in a chain
package { 'a': } -> file { 'b': } ~> service { 'c': }
