# Title patterns built by code, as puppet-keystone's PuppetX::Keystone::CompositeNamevar
# builds them: regexes from helper methods interpolated into regex literals.
module PuppetX
  module Composite
    module Namevar
      class Unset; end

      def self.not_two_colons
        # Anything but two consecutive colons.
        Regexp.new(/(?:[^:]|:[^:])+/)
      end

      def self.split_patterns(prefix, suffix, separator = '::', *regexps)
        associated = []
        if regexps.empty? and separator == '::'
          associated += [not_two_colons, not_two_colons]
        else
          if regexps.count != 2
            raise(Puppet::DevError, 'You must provide two regexps')
          else
            associated += regexps
          end
        end
        prefix_re = associated[0]
        suffix_re = associated[1]
        [
          [
            /^(#{prefix_re})#{separator}(#{suffix_re})$/,
            [
              [prefix],
              [suffix]
            ]
          ],
          [
            /^(#{prefix_re})$/,
            [
              [prefix]
            ]
          ]
        ]
      end
    end
  end
end
