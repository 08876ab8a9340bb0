File.expand_path('../..', File.dirname(__FILE__)).tap { |dir| $LOAD_PATH.unshift(dir) unless $LOAD_PATH.include?(dir) }
require 'puppet_x/composite/namevar'

Puppet::Type.newtype(:comp_member) do
  newparam(:name, :namevar => true)
  [:user, :group, :system].each do |p|
    newparam(p) do
      isnamevar
    end
  end
  newproperty(:roles, :array_matching => :all)

  def self.title_patterns
    user = PuppetX::Composite::Namevar.not_two_colons
    system = user
    group = Regexp.new(/(?:[^:@]|:[^:@])+/)
    [
      [
        # user with group
        /^(#{user})@(#{group})$/,
        [
          [:user],
          [:group]
        ]
      ],
      [
        /^(#{user})@::::(#{system})$/,
        [
          [:user],
          [:system]
        ]
      ]
    ]
  end
end
