package io.github.timesortedid.clinic.owner;

import java.text.ParseException;
import java.util.Locale;

import org.springframework.format.Formatter;
import org.springframework.stereotype.Component;

/**
 * Turns a pet type into the value of its option in the pet form, and the submitted value back into
 * the pet type: the option's value is the type's ID ({@code type_01ke...}), so renaming a type never
 * breaks a form that is open.
 */
@Component
public class PetTypeFormatter implements Formatter<PetType> {

	private final PetTypeRepository types;

	PetTypeFormatter(PetTypeRepository types) {
		this.types = types;
	}

	@Override
	public String print(PetType petType, Locale locale) {
		return (petType.getId() != null) ? petType.getId().value() : "";
	}

	@Override
	public PetType parse(String text, Locale locale) throws ParseException {
		PetTypeId id = new PetTypeId(text);
		return this.types.findById(id).orElseThrow(() -> new ParseException("type not found: " + text, 0));
	}

}
