# Package is unique by name, provider and command (nil when not set).
package { 'a': }
package { 'b': name => 'a' }
