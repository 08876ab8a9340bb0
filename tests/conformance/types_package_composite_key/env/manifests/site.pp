package { 'a': provider => 'apt' }
package { 'b': name => 'a', provider => 'pip' }
package { 'c': name => 'a', provider => 'gem', command => '/usr/bin/gem2' }
